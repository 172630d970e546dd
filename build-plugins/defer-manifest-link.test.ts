// @vitest-environment node
import type { Plugin } from 'vite';
import { afterEach, expect, test } from 'vitest';
import { deferManifestLink } from './defer-manifest-link.ts';
import { buildProject, removeProjects, writeProject } from './test-project.ts';

afterEach(removeProjects);

const page = {
  'index.html':
    '<html><head><title>t</title></head><body><script type="module" src="/src/main.ts"></script></body></html>',
  'src/main.ts': `console.log('app');`,
};

/** Writes the manifest link the way vite-plugin-pwa does: a `post` transform of index.html. */
const manifestLinks = (count: number): Plugin => ({
  name: 'writes-manifest-links',
  enforce: 'post',
  transformIndexHtml: {
    order: 'post',
    handler: (html) =>
      html.replace(
        '</head>',
        `${'<link rel="manifest" href="/manifest.webmanifest">'.repeat(count)}</head>`,
      ),
  },
});

async function builtIndexHtml(plugins: Plugin[]) {
  const output = await buildProject(writeProject(page), { plugins });
  const html = output.find((file) => file.fileName === 'index.html');
  if (html?.type !== 'asset') throw new Error('the build has no index.html');
  return String(html.source);
}

test('the manifest link waits in an inert template', async () => {
  const html = await builtIndexHtml([manifestLinks(1), deferManifestLink('deferred')]);
  expect(html).toContain(
    '<template id="deferred"><link rel="manifest" href="/manifest.webmanifest"></template>',
  );
  expect(html.replace(/<template[\s\S]*?<\/template>/g, '')).not.toContain('rel="manifest"');
});

test.each([0, 2])('a page with %i manifest links stops the build', async (count) => {
  await expect(
    builtIndexHtml([manifestLinks(count), deferManifestLink('deferred')]),
  ).rejects.toThrow(/defer-manifest-link: index.html should have one <link rel="manifest">/);
});
