// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { hostingDestination } from './preview-hosting-rewrites.ts';

const { hosting } = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', 'firebase.json'), 'utf8'),
) as { hosting: { rewrites: { source: string; destination?: string }[] } };
const rewrites = hosting.rewrites.filter((rewrite) => rewrite.destination);
const buildFiles = new Set(['/about.html', '/app.html', '/assets/index-abc.js', '/sw.js']);
const served = (pathname: string) =>
  hostingDestination(rewrites, pathname, (path) => buildFiles.has(path));

test('routes as firebase.json does: each prerendered page at its path, the shell elsewhere', () => {
  expect(served('/about')).toBe('/about.html');
  expect(served('/contact')).toBe('/contact.html');
  expect(served('/leader-board')).toBe('/leader-board.html');
  expect(served('/feed')).toBe('/app.html');
  expect(served('/profile/ann/u1')).toBe('/app.html');
});

test("leaves the home (index.html) and the build's own files as they are", () => {
  expect(served('/')).toBeUndefined();
  expect(served('/assets/index-abc.js')).toBeUndefined();
  expect(served('/sw.js')).toBeUndefined();
});
