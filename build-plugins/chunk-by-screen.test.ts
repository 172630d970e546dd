// @vitest-environment node
import { afterEach, describe, expect, test } from 'vitest';
import { chunkByScreen, type ScreenChunkPlan } from './chunk-by-screen.ts';
import { buildProject, chunksOf, removeProjects, writeProject } from './test-project.ts';

afterEach(removeProjects);

/**
 * An app shaped like ours: the entry starts the shell after a dynamic import;
 * the shell loads two screens lazily; both screens use one module, and one of
 * them another of its own. One more screen file exists that nothing imports.
 */
const app = {
  'index.html': '<script type="module" src="/src/main.ts"></script>',
  'src/main.ts': `import('./start-app.ts').then((app) => app.start());`,
  'src/start-app.ts': `import { frame } from './shell-frame.ts';
export const start = () => frame([import('./home-page.ts'), import('./feed-page.ts')]);`,
  'src/shell-frame.ts': `export const frame = (screens) => Promise.all(screens).then((s) => console.log(s));`,
  'src/shared-card.ts': `export const card = (text) => '[' + text + ']';`,
  'src/home-banner.ts': `export const banner = () => 'banner';`,
  'src/home-page.ts': `import { card } from './shared-card.ts';
import { banner } from './home-banner.ts';
export const home = () => card(banner());`,
  'src/feed-page.ts': `import { card } from './shared-card.ts';
export const feed = () => card('feed');`,
  'src/old-page.ts': `export const old = () => 'old';`,
};

async function buildWithPlan(
  screens: string[],
  shellParts?: ScreenChunkPlan['shellParts'],
  files: Record<string, string> = app,
) {
  const root = writeProject(files);
  const plan: ScreenChunkPlan = {
    root,
    entry: '/src/main.ts',
    appStart: '/src/start-app.ts',
    screens,
    shellParts,
  };
  const { plugin, groups } = chunkByScreen(plan);
  const output = await buildProject(root, {
    plugins: [plugin],
    build: { rolldownOptions: { output: { codeSplitting: { groups } } } },
  });
  return chunksOf(root, output);
}

describe('chunkByScreen', () => {
  test('makes one chunk for the shell, one per screen and one for what screens share', async () => {
    const chunks = await buildWithPlan(['/src/home-page.ts', '/src/feed-page.ts']);
    expect(chunks).toEqual({
      // The entry with Vite's own virtual modules (its preload helper), which the shell uses too: in a
      // shell chunk they would make the entry import that chunk statically.
      index: ['\0vite/modulepreload-polyfill.js', '\0vite/preload-helper.js', '/src/main.ts'],
      'rolldown-runtime': ['\0rolldown/runtime.js'],
      'start-app': ['/src/shell-frame.ts', '/src/start-app.ts'],
      'screens-shared': ['/src/shared-card.ts'],
      'home-page': ['/src/home-banner.ts', '/src/home-page.ts'],
      'feed-page': ['/src/feed-page.ts'],
    });
  });

  test('gives each shell part a chunk of its own, which the shell imports', async () => {
    const chunks = await buildWithPlan(
      ['/src/home-page.ts', '/src/feed-page.ts'],
      [{ name: 'frame', test: /\/src\/shell-frame\.ts$/ }],
    );
    expect(chunks['frame']).toEqual(['/src/shell-frame.ts']);
    expect(chunks['start-app']).toEqual(['/src/start-app.ts']);
    expect(chunks['screens-shared']).toEqual(['/src/shared-card.ts']);
  });

  test('keeps a module the entry and a shell part both import out of the part, so the entry never waits for it', async () => {
    const chunks = await buildWithPlan(
      ['/src/home-page.ts', '/src/feed-page.ts'],
      [{ name: 'frame', test: /\/src\/shell-frame\.ts$/ }],
      {
        ...app,
        'src/screen-hints.ts': `export const hint = () => import('./home-page.ts');`,
        'src/main.ts': `import { hint } from './screen-hints.ts';
hint();
import('./start-app.ts').then((app) => app.start());`,
        'src/shell-frame.ts': `import { hint } from './screen-hints.ts';
export const frame = (screens) => Promise.all([hint(), ...screens]).then((s) => console.log(s));`,
      },
    );
    expect(chunks['index']).toContain('/src/screen-hints.ts');
    expect(chunks['frame']).toEqual(['/src/shell-frame.ts']);
  });

  test('keeps a module that a lazy piece of the shell also uses out of its screen, so the piece does not load the screen', async () => {
    const chunks = await buildWithPlan(['/src/home-page.ts', '/src/feed-page.ts'], undefined, {
      ...app,
      'src/start-app.ts': `import { frame } from './shell-frame.ts';
export const start = () => frame([import('./home-page.ts'), import('./feed-page.ts'), import('./side-widget.ts')]);`,
      'src/side-widget.ts': `import { banner } from './home-banner.ts';
export const widget = () => banner() + '!';`,
    });
    expect(chunks['home-page']).toEqual(['/src/home-page.ts']);
    const bannerChunk = Object.entries(chunks).find(([, ids]) =>
      ids.includes('/src/home-banner.ts'),
    );
    expect(bannerChunk?.[0]).toMatch(/^lazy-shared/);
    expect(bannerChunk?.[1]).toEqual(['/src/home-banner.ts']);
  });

  test('stops the build, naming it, when a listed screen does not exist', async () => {
    await expect(buildWithPlan(['/src/home-page.ts', '/src/renamed-page.ts'])).rejects.toThrow(
      'chunk-by-screen: /src/renamed-page.ts does not exist. If a screen was moved or renamed, update its path in src/app/route-table.ts (screenChunks).',
    );
  });

  test('stops the build, naming it, when nothing imports a listed screen', async () => {
    await expect(buildWithPlan(['/src/home-page.ts', '/src/old-page.ts'])).rejects.toThrow(
      'chunk-by-screen: nothing in the build imports /src/old-page.ts.',
    );
  });
});
