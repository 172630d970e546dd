// @vitest-environment node
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { request } from 'node:http';
import { afterEach, expect, test } from 'vitest';
import { preview, type PreviewServer } from 'vite';
import { previewBrotli } from './preview-brotli.ts';
import { removeProjects, writeProject } from './test-project.ts';

const script = `export const greeting = ${JSON.stringify('hello '.repeat(500))};\n`;
let server: PreviewServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
  removeProjects();
});

/** A served "build": index.html and one script, as `vite preview` serves a dist folder. */
async function servedBuild(): Promise<string> {
  const root = writeProject({
    'dist/index.html': '<html><head></head><body>app</body></html>',
    'dist/assets/app.js': script,
  });
  mkdirSync(join(root, 'dist/icons'), { recursive: true });
  writeFileSync(join(root, 'dist/icons/icon.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  server = await preview({
    configFile: false,
    root,
    logLevel: 'silent',
    plugins: [previewBrotli()],
    preview: { port: 0, host: '127.0.0.1', headers: { 'X-Hosting-Header': 'kept' } },
  });
  return server.resolvedUrls!.local[0]!.replace(/\/$/, '');
}

/** A raw GET (fetch would decompress and hide the encoding). */
function get(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      request(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      })
        .on('error', reject)
        .end();
    },
  );
}

test('a browser that accepts Brotli gets the script as Brotli, with the preview headers', async () => {
  const base = await servedBuild();
  const answer = await get(`${base}/assets/app.js`, { 'accept-encoding': 'gzip, deflate, br' });
  expect(answer.status).toBe(200);
  expect(answer.headers['content-encoding']).toBe('br');
  expect(answer.headers['content-type']).toBe('text/javascript');
  expect(answer.headers['x-hosting-header']).toBe('kept');
  expect(brotliDecompressSync(answer.body).toString()).toBe(script);

  const again = await get(`${base}/assets/app.js`, {
    'accept-encoding': 'br',
    'if-none-match': String(answer.headers.etag),
  });
  expect(again.status).toBe(304);
});

test('others, images and the page itself are left to preview', async () => {
  const base = await servedBuild();
  const gzipOnly = await get(`${base}/assets/app.js`, { 'accept-encoding': 'gzip' });
  expect(gzipOnly.headers['content-encoding']).toBe('gzip');
  const image = await get(`${base}/icons/icon.png`, { 'accept-encoding': 'br' });
  expect(image.headers['content-encoding']).toBeUndefined();
  const page = await get(`${base}/some/route`, { 'accept-encoding': 'br' });
  expect(page.headers['content-encoding']).not.toBe('br');
  expect(page.body.toString()).toContain('app');
  const outside = await get(`${base}/..%2f..%2fetc%2fpasswd.js`, { 'accept-encoding': 'br' });
  expect(outside.headers['content-encoding']).not.toBe('br');
});
