import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin, ResolvedConfig } from 'vite';
import { PRERENDERED_ATTRIBUTE } from '../src/app/prerender-marks.ts';
import { splitFirstScreenStylesheet } from './first-screen-stylesheet.ts';
import {
  MEMBER_SESSION_SCRIPT,
  MEMBER_SESSION_STYLE,
  PRERENDERED_PAGES,
  SPA_SHELL_FILE,
} from './prerendered-pages.ts';

const PRODUCT_NAME = 'ChallangeX';

/** What the server entry (src/app/prerender-page.tsx) exports. */
interface ServerEntry {
  prerenderPage(pathname: string): Promise<string>;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * `shell` (the built index.html) with #root holding `body`, the page's title, and the member check in <head>.
 * The shell's #root is its last element: Vite moves the scripts into <head>.
 */
export function pageFromShell(
  shell: string,
  {
    path,
    body,
    title,
    memberCheck,
  }: { path: string; body: string; title: string | undefined; memberCheck: string },
): string {
  const root = /<div id="root">[\s\S]*<\/div>(\s*<\/body>)/;
  if (!root.test(shell))
    throw new Error('prerender: the built index.html has no #root before </body>');
  const fullTitle = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  return (
    shell
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(fullTitle)}</title>`)
      // First in <head>: a classic script after the stylesheet would wait for it.
      .replace(
        /<head>/,
        `<head><script src="/${memberCheck}"></script><style>${MEMBER_SESSION_STYLE}</style>`,
      )
      .replace(
        root,
        (_match, end: string) =>
          `<div id="root" ${PRERENDERED_ATTRIBUTE}="${path}">${body}</div>${end}`,
      )
  );
}

/**
 * Prerenders the public pages at build time (docs/architecture.md, "Prerendered public pages"): once the client
 * build is written, a server build of `serverEntry` renders each page of PRERENDERED_PAGES for a visitor, with
 * the real components, into the built shell. The shell itself is kept as SPA_SHELL_FILE for every other address;
 * the home replaces index.html (Hosting serves `/` from it). Then all of them block their first paint on only the
 * rules their markup uses (first-screen-stylesheet.ts). Runs before vite-plugin-pwa's worker is generated, so
 * that the worker precaches the shell and that stylesheet.
 */
export function prerenderPublicPages({ serverEntry }: { serverEntry: string }): Plugin {
  let config: ResolvedConfig;
  let memberCheck: string | undefined;
  return {
    name: 'prerender-public-pages',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle() {
      const script = this.emitFile({
        type: 'asset',
        name: 'member-session.js',
        source: MEMBER_SESSION_SCRIPT,
      });
      memberCheck = this.getFileName(script);
    },
    closeBundle: {
      sequential: true,
      order: 'pre',
      async handler() {
        // An in-memory build (scripts/bench/module-counts.ts) wrote no shell to render the pages into.
        if (config.build.write === false) return;
        const outDir = resolve(config.root, config.build.outDir);
        const serverDir = mkdtempSync(join(tmpdir(), 'challangex-prerender-'));
        try {
          const { build } = await import('vite');
          await build({
            configFile: config.configFile,
            root: config.root,
            mode: config.mode,
            logLevel: 'warn',
            // Everything bundled: the server build runs once, here, from a folder without node_modules.
            ssr: { noExternal: true },
            build: {
              ssr: serverEntry,
              outDir: serverDir,
              emptyOutDir: true,
              rolldownOptions: { output: { entryFileNames: 'prerender-page.mjs' } },
            },
          });
          const entryUrl = pathToFileURL(join(serverDir, 'prerender-page.mjs')).href;
          const { prerenderPage } = (await import(entryUrl)) as ServerEntry;
          const shellFile = join(outDir, 'index.html');
          const shell = readFileSync(shellFile, 'utf8');
          copyFileSync(shellFile, join(outDir, SPA_SHELL_FILE));
          for (const { path, file, title } of PRERENDERED_PAGES) {
            const body = await prerenderPage(path);
            const page = pageFromShell(shell, { path, body, title, memberCheck: memberCheck! });
            writeFileSync(join(outDir, file), page);
          }
          const pages = [SPA_SHELL_FILE, ...PRERENDERED_PAGES.map((page) => page.file)];
          await splitFirstScreenStylesheet(outDir, pages);
        } finally {
          rmSync(serverDir, { recursive: true, force: true });
        }
      },
    },
  };
}
