import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PurgeCSS } from 'purgecss';
import { APP_STYLES_ATTRIBUTE } from '../src/app/prerender-marks.ts';
import { withComposedSuffixes } from './bootstrap-class-names.ts';

/** The one stylesheet Vite links (cssCodeSplit: false): every rule the app uses. */
const APP_STYLESHEET = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/;

/** A file name for `css` beside the app's stylesheet, hashed by content as Vite names its assets. */
const firstScreenFile = (css: string) =>
  `assets/first-screen-${createHash('sha256').update(css).digest('base64url').slice(0, 8)}.css`;

/**
 * Splits the render-blocking stylesheet (docs/architecture.md, "The first screen's stylesheet"): the pages in
 * `htmlFiles` (the SPA shell and the prerendered pages, as built) block their first paint on only the rules
 * their own markup uses; the app's whole stylesheet is fetched at once beside it without blocking the paint
 * (media="print" until src/app/start-app.tsx switches it on, before React renders anything). The whole
 * stylesheet keeps every rule in its order, the first screen's included, so the cascade is the same once it
 * applies. Returns the first screen's stylesheet, relative to `outDir`.
 */
export async function splitFirstScreenStylesheet(
  outDir: string,
  htmlFiles: readonly string[],
): Promise<string> {
  const pages = htmlFiles.map((file) => ({ file, html: readFileSync(join(outDir, file), 'utf8') }));
  const linked = new Set(pages.map(({ html }) => APP_STYLESHEET.exec(html)?.[1]));
  const [appStylesheet] = linked;
  if (linked.size !== 1 || !appStylesheet) {
    throw new Error(
      `first-screen-stylesheet: expected one stylesheet link in ${htmlFiles.join(', ')}`,
    );
  }
  const [firstScreen] = await new PurgeCSS().purge({
    content: pages.map(({ html }) => ({ raw: html, extension: 'html' })),
    css: [{ raw: readFileSync(join(outDir, appStylesheet), 'utf8') }],
    defaultExtractor: withComposedSuffixes,
  });
  const file = firstScreenFile(firstScreen!.css);
  writeFileSync(join(outDir, file), firstScreen!.css);
  const links =
    `<link rel="stylesheet" crossorigin href="/${file}">` +
    `<link rel="preload" as="style" crossorigin href="/${appStylesheet}">` +
    `<link rel="stylesheet" crossorigin href="/${appStylesheet}" media="print" ${APP_STYLES_ATTRIBUTE}>`;
  for (const { file: page, html } of pages) {
    writeFileSync(join(outDir, page), html.replace(APP_STYLESHEET, links));
  }
  return file;
}
