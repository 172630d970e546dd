/**
 * docs/architecture.md lists every route of the API: this fails when a route is registered in
 * functions/src/http/app.ts without a row there (or a row names a route that no longer exists).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** `app.post('/api/…'` and `app.post(\n    '/api/…'`, as Prettier writes them. */
function registeredRoutes(source: string): string[] {
  const routes = [...source.matchAll(/\bapp\.(get|post|put|patch|delete)\(\s*'(\/api\/[^']*)'/g)];
  return routes.map(([, method, path]) => `${method.toUpperCase()} ${path}`).sort();
}

/** The rows of the API section's route table: `| \`POST /api/generate\` | … |`. */
function documentedRoutes(markdown: string): string[] {
  const section = markdown.split(/^## The API$/m)[1]?.split(/^## /m)[0] ?? '';
  return [...section.matchAll(/^\| `(GET|POST|PUT|PATCH|DELETE) (\/api\/[^`]*)`/gm)]
    .map(([, method, path]) => `${method} ${path}`)
    .sort();
}

describe('the API routes in docs/architecture.md', () => {
  it('finds routes written on one line and over two', () => {
    const source = `app.get('/api/health', ok);\n  app.post(\n    '/api/me/recompute',\n    limit,\n  );`;
    expect(registeredRoutes(source)).toEqual(['GET /api/health', 'POST /api/me/recompute']);
  });

  it('lists every route the app registers, and no other', () => {
    const registered = registeredRoutes(read('functions/src/http/app.ts'));
    expect(registered.length).toBeGreaterThanOrEqual(10);
    expect(documentedRoutes(read('docs/architecture.md'))).toEqual(registered);
  });
});
