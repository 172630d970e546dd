import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { gzipSizeOf, homeRouteInitialJs, htmlEntryScripts } from '../../scripts/bench/initial-js';

const builds: string[] = [];
afterEach(() => {
  for (const dir of builds.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A build laid out as Vite writes one: index.html plus assets/. */
function fakeBuild(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'challangex-initial-js-'));
  builds.push(dir);
  mkdirSync(join(dir, 'assets'));
  for (const [file, content] of Object.entries(files)) writeFileSync(join(dir, file), content);
  return dir;
}

const indexHtml = `<!doctype html><html><head>
<script type="module" crossorigin src="/assets/index.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react.js">
<link rel="stylesheet" crossorigin href="/assets/index.css">
<script src="https://example.com/analytics.js"></script>
</head><body><div id="root"></div></body></html>`;

describe('home route initial JS', () => {
  it('reads the module script and modulepreload links of index.html, not stylesheets or other origins', () => {
    expect(htmlEntryScripts(indexHtml)).toEqual(['assets/index.js', 'assets/react.js']);
  });

  it('follows static imports transitively and leaves dynamic imports out', async () => {
    const dir = fakeBuild({
      'index.html': indexHtml,
      'assets/index.js': `import{a}from"./shared.js";export*from"./reexported.js";const page=()=>import("./lazy-page.js");a(page);`,
      'assets/react.js': 'export const react = 1;',
      'assets/shared.js': `import"./deep.js";export const a=(f)=>f;`,
      'assets/deep.js': 'console.log("deep");',
      'assets/reexported.js': 'export const b = 2;',
      'assets/lazy-page.js': `import"./lazy-only.js";export const Page=1;`,
      'assets/lazy-only.js': 'export {};',
    });
    const initial = await homeRouteInitialJs(dir);
    expect(initial.chunks.map((chunk) => chunk.file).sort()).toEqual(
      [
        'assets/deep.js',
        'assets/index.js',
        'assets/react.js',
        'assets/reexported.js',
        'assets/shared.js',
      ].sort(),
    );
    const content = `import"./deep.js";export const a=(f)=>f;`;
    expect(initial.chunks.find((chunk) => chunk.file === 'assets/shared.js')?.gzipBytes).toBe(
      gzipSizeOf(content),
    );
    expect(initial.gzipBytes).toBe(initial.chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0));
  });

  it('fails loudly when the build is missing or references a chunk it does not hold', async () => {
    const empty = fakeBuild({});
    await expect(homeRouteInitialJs(empty)).rejects.toThrow(/No production build/);
    const broken = fakeBuild({ 'index.html': indexHtml, 'assets/index.js': 'export {};' });
    await expect(homeRouteInitialJs(broken)).rejects.toThrow(/assets\/react\.js is referenced/);
  });
});
