// @vitest-environment node
import { afterEach, describe, expect, test } from 'vitest';
import { modulepreloadAppStart } from './modulepreload-app-start.ts';
import { buildProject, removeProjects, writeProject } from './test-project.ts';

afterEach(removeProjects);

/**
 * The entry and the app it starts share a module (in the entry's chunk); the
 * app and a page the entry loads lazily share another (a chunk of its own).
 */
const app = {
  'index.html':
    '<html><head></head><body><script type="module" src="/src/main.ts"></script></body></html>',
  'src/main.ts': `import { log } from './log.ts';
log('entry');
import('./start-app.ts').then((app) => app.start());
import('./lazy-page.ts').then((page) => log(page.page()));`,
  'src/log.ts': `export const log = (text) => console.log(text);`,
  'src/start-app.ts': `import { log } from './log.ts';
import { card } from './card.ts';
export const start = () => log(card('app'));`,
  'src/card.ts': `export const card = (text) => '[' + text + ']';`,
  'src/lazy-page.ts': `import { card } from './card.ts';
export const page = () => card('page');`,
};

async function builtIndexHtml(appStartModule: string, files: Record<string, string> = app) {
  const root = writeProject(files);
  const output = await buildProject(root, { plugins: [modulepreloadAppStart(appStartModule)] });
  const html = output.find((file) => file.fileName === 'index.html');
  const chunkOf = (module: string) =>
    output.find((file) => file.type === 'chunk' && file.moduleIds.includes(root + module))
      ?.fileName;
  if (html?.type !== 'asset') throw new Error('the build has no index.html');
  return { html: String(html.source), chunkOf };
}

const preloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload"[^>]*>/g)].map((match) => match[0]);

describe('modulepreloadAppStart', () => {
  test("preloads the app's chunk and the chunks it imports at low priority, once each", async () => {
    const { html, chunkOf } = await builtIndexHtml('/src/start-app.ts');
    const entry = chunkOf('/src/main.ts');
    expect(chunkOf('/src/log.ts')).toBe(entry);
    expect(preloads(html).sort()).toEqual(
      [chunkOf('/src/start-app.ts'), chunkOf('/src/card.ts')]
        .map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">`)
        .sort(),
    );
    // The entry is in the page already; the lazy page waits for its turn.
    expect(html.split(`/${entry}"`)).toHaveLength(2);
    expect(html).not.toContain(chunkOf('/src/lazy-page.ts'));
  });

  test('lists the largest chunk first, so that the longest download starts first', async () => {
    const largeCard = `export const card = (text) => '${'['.repeat(4000)}' + text + ']';`;
    const { html, chunkOf } = await builtIndexHtml('/src/start-app.ts', {
      ...app,
      'src/card.ts': largeCard,
    });
    expect(preloads(html).map((link) => link.match(/href="\/([^"]+)"/)![1])).toEqual([
      chunkOf('/src/card.ts'),
      chunkOf('/src/start-app.ts'),
    ]);
  });

  test('stops the build, naming the module, when no chunk holds it', async () => {
    await expect(builtIndexHtml('/src/renamed-app.ts')).rejects.toThrow(
      'modulepreload-app-start: no chunk holds /src/renamed-app.ts. Was it moved or renamed? Update its path in vite.config.ts.',
    );
  });
});
