/**
 * The JavaScript a browser downloads before the home route can run: the
 * built index.html's module script and modulepreload links, plus every chunk
 * they import statically (transitively). Dynamic `import()`s are lazy and
 * excluded. Shared by `npm run bench` and the CI bundle guard.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';
import { init, parse as parseImports } from 'es-module-lexer';
import { parse as parseHtml, type DefaultTreeAdapterMap } from 'parse5';

type HtmlNode = DefaultTreeAdapterMap['childNode'];

export interface ChunkSize {
  /** Path relative to the build directory, e.g. `assets/index-abc.js`. */
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface InitialJs {
  chunks: ChunkSize[];
  gzipBytes: number;
  bytes: number;
}

/** Level 9, as the common size tools (gzip-size, bundlesize) measure. */
export function gzipSizeOf(content: Buffer | string): number {
  return gzipSync(content, { level: 9 }).length;
}

export function chunkSize(distDir: string, file: string): ChunkSize {
  const content = readFileSync(join(distDir, file));
  return { file, bytes: content.length, gzipBytes: gzipSizeOf(content) };
}

/** Every built JS chunk, largest (gzip) first. */
export function allChunks(distDir: string): ChunkSize[] {
  const files = readdirSync(distDir, { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.js'),
  );
  return files
    .map((file) => chunkSize(distDir, file.split('\\').join('/')))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
}

function* elements(
  node: HtmlNode | DefaultTreeAdapterMap['document'] | DefaultTreeAdapterMap['documentFragment'],
): Generator<DefaultTreeAdapterMap['element']> {
  if ('tagName' in node) yield node;
  if ('childNodes' in node) for (const child of node.childNodes) yield* elements(child);
  if ('content' in node) yield* elements(node.content);
}

/** The scripts index.html makes the browser fetch at once, as build-relative paths. */
export function htmlEntryScripts(indexHtml: string): string[] {
  const found: string[] = [];
  for (const element of elements(parseHtml(indexHtml))) {
    const attribute = (name: string) => element.attrs.find((attr) => attr.name === name)?.value;
    const isModuleScript =
      element.tagName === 'script' && attribute('type') === 'module' && attribute('src');
    const isPreload =
      element.tagName === 'link' && attribute('rel') === 'modulepreload' && attribute('href');
    const url = isModuleScript ? attribute('src') : isPreload ? attribute('href') : undefined;
    if (url && !/^[a-z]+:\/\//i.test(url)) found.push(url.replace(/^\//, ''));
  }
  return found;
}

/** The stylesheets index.html links (render-blocking), as build-relative paths. */
export function htmlStylesheets(indexHtml: string): string[] {
  const found: string[] = [];
  for (const element of elements(parseHtml(indexHtml))) {
    const attribute = (name: string) => element.attrs.find((attr) => attr.name === name)?.value;
    const href = attribute('href');
    if (element.tagName === 'link' && attribute('rel') === 'stylesheet' && href)
      if (!/^[a-z]+:\/\//i.test(href)) found.push(href.replace(/^\//, ''));
  }
  return found;
}

/** Build-relative paths of the chunks `file` imports statically. */
async function staticImportsOf(distDir: string, file: string): Promise<string[]> {
  await init;
  const [imports] = parseImports(readFileSync(join(distDir, file), 'utf8'));
  return imports.flatMap((entry) => {
    const isStatic = entry.type === 'static' || entry.type === 'reexport-star';
    if (!isStatic || !/^\.{0,2}\//.test(entry.specifier)) return [];
    const target = entry.specifier;
    return [
      target.startsWith('/')
        ? target.slice(1)
        : posix.normalize(posix.join(posix.dirname(file), target)),
    ];
  });
}

export function missingBuildMessage(distDir: string): string {
  return `No production build in ${distDir} (index.html missing): \`npm test\` builds it with a sample config, \`npm run build\` with yours (docs/deploy.md).`;
}

/**
 * `roots` and every chunk they import statically, transitively, as build-relative paths: what the browser
 * evaluates with them. Dynamic `import()`s are lazy and not followed.
 */
export async function staticClosure(distDir: string, roots: readonly string[]): Promise<string[]> {
  const pending = [...roots];
  const seen = new Set<string>();
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    if (!existsSync(join(distDir, file))) {
      throw new Error(`${file} is referenced by the build in ${distDir} but missing from it`);
    }
    seen.add(file);
    pending.push(...(await staticImportsOf(distDir, file)));
  }
  return [...seen];
}

/** Sizes of `files`, largest (gzip) first, with their sums. */
export function sizesOf(distDir: string, files: readonly string[]): InitialJs {
  const chunks = files
    .map((file) => chunkSize(distDir, file))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  return {
    chunks,
    bytes: chunks.reduce((sum, chunk) => sum + chunk.bytes, 0),
    gzipBytes: chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0),
  };
}

/** The home route's initial JS of the build in `distDir` (served at `/`). */
export async function homeRouteInitialJs(distDir: string): Promise<InitialJs> {
  const indexHtml = join(distDir, 'index.html');
  if (!existsSync(indexHtml)) throw new Error(missingBuildMessage(distDir));
  const roots = htmlEntryScripts(readFileSync(indexHtml, 'utf8'));
  return sizesOf(distDir, await staticClosure(distDir, roots));
}
