import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import purgeCss from '@fullhuman/postcss-purgecss';
import type { Plugin as PostCssPlugin } from 'postcss';
import { withComposedProps, withComposedSuffixes } from './bootstrap-class-names.ts';

/** Set by react-bootstrap's transitions (its carousel's slide directions are values in its own code). */
const TRANSITION_CLASSES = [
  ...['show', 'showing', 'fade', 'collapsing', 'modal-open', 'modal-static', 'pointer-event'],
  ...['carousel-item-next', 'carousel-item-prev', 'carousel-item-start', 'carousel-item-end'],
];

/** Our source files under `dir`, tests left out, for the class names they use. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** react-bootstrap's modules `sources` import, with the modules they import in turn. */
function reactBootstrapModulesInUse(sources: string[], libraryDir: string): string[] {
  const pending = sources.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/from 'react-bootstrap\/(\w+)'/g)].map((match) => ({
      name: match[1],
      importer: file,
    })),
  );
  const seen = new Set<string>();
  while (pending.length > 0) {
    const { name, importer } = pending.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    const file = join(libraryDir, `${name}.js`);
    if (!existsSync(file)) {
      throw new Error(`${importer} imports react-bootstrap/${name}, which ${libraryDir} lacks.`);
    }
    const code = readFileSync(file, 'utf8');
    for (const match of code.matchAll(/from '\.\/(\w+)(?:\.js)?'/g)) {
      pending.push({ name: match[1], importer: file });
    }
  }
  return [...seen].map((name) => join(libraryDir, `${name}.js`));
}

/**
 * Bootstrap's stylesheet is render-blocking and ~90 % unused: the build keeps
 * only its rules for classes and elements that `root`'s index.html and src/
 * (tests aside) or the react-bootstrap components they import can produce.
 * Every other stylesheet is left alone. The content is read when this is called.
 */
export function purgeUnusedBootstrap(root: string): PostCssPlugin {
  const sources = sourceFiles(join(root, 'src'));
  const libraryDir = join(root, 'node_modules/react-bootstrap/esm');
  const purge = purgeCss({
    content: [
      join(root, 'index.html'),
      ...sources,
      ...reactBootstrapModulesInUse(sources, libraryDir),
    ],
    defaultExtractor: withComposedSuffixes,
    extractors: [{ extensions: ['ts', 'tsx'], extractor: withComposedProps }],
    safelist: TRANSITION_CLASSES,
  }) as PostCssPlugin;
  return {
    postcssPlugin: 'purge-unused-bootstrap',
    async OnceExit(stylesheet, helpers) {
      if (stylesheet.source?.input.file?.includes('/node_modules/bootstrap/')) {
        await purge.OnceExit?.(stylesheet, helpers);
      }
    },
  };
}
