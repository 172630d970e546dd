// @vitest-environment node
import { expect, test } from 'vitest';
import { pageFromShell } from './prerender-public-pages.ts';

const shell = `<!doctype html>
<html lang="en">
  <head>
    <title>ChallangeX</title>
    <script type="module" crossorigin src="/assets/index.js"></script>
  </head>
  <body>
    <div id="root">
      <div class="look-alike"><nav></nav><main></main></div>
    </div>
  </body>
</html>`;

test('puts the page into #root, marked with its path, names it, and checks for a member first in <head>', () => {
  const page = pageFromShell(shell, {
    path: '/about',
    body: '<main><h1>Our mission</h1></main>',
    title: 'About',
    memberCheck: 'assets/member-session-x.js',
  });
  expect(page).toContain(
    '<div id="root" data-prerendered="/about"><main><h1>Our mission</h1></main></div>\n  </body>',
  );
  expect(page).not.toContain('look-alike');
  expect(page).toContain('<title>About · ChallangeX</title>');
  expect(page).toMatch(/<head><script src="\/assets\/member-session-x\.js"><\/script><style>/);
});

test("the home keeps the product's name as its title", () => {
  const page = pageFromShell(shell, { path: '/', body: '', title: undefined, memberCheck: 'a.js' });
  expect(page).toContain('<title>ChallangeX</title>');
});

test('stops the build when the shell has no #root to fill', () => {
  expect(() =>
    pageFromShell('<html><head></head><body></body></html>', {
      path: '/',
      body: '',
      title: undefined,
      memberCheck: 'a.js',
    }),
  ).toThrow(/no #root/);
});
