import { readFileSync, statSync } from 'node:fs';
import { extname, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress } from 'node:zlib';
import type { Plugin } from 'vite';

/** The text files of a build, by extension: what Hosting compresses. */
const COMPRESSED_TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
};

const compress = promisify(brotliCompress);

/**
 * `vite preview` answers like Firebase Hosting: Brotli to browsers that accept it. Hosting serves every file
 * "as gzip or Brotli", choosing the better; preview's own middleware only gzips, so the bench's Lighthouse
 * runs downloaded ~13 % more than members do (docs/performance.md, "Decisions that hold the budgets").
 * Each file is compressed once, on its first request (Brotli's default quality, 11). The page's address
 * (index.html) and anything not in the build fall through to preview's own handling.
 */
export function previewBrotli(): Plugin {
  return {
    name: 'preview-brotli',
    configurePreviewServer(server) {
      const distDir = resolve(server.config.root, server.config.build.outDir);
      const headers = server.config.preview.headers ?? {};
      const compressed = new Map<string, { tag: string; body: Promise<Buffer> }>();
      server.middlewares.use((request, response, next) => {
        const acceptsBrotli = /\bbr\b/.test(String(request.headers['accept-encoding'] ?? ''));
        if (request.method !== 'GET' || !acceptsBrotli) return next();
        let pathname: string;
        try {
          pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://preview').pathname);
        } catch {
          return next(); // A malformed address is preview's to answer.
        }
        const type = COMPRESSED_TYPES[extname(pathname)];
        const file = resolve(distDir, `.${pathname}`);
        if (!type || !file.startsWith(distDir + sep)) return next();
        const stats = statSync(file, { throwIfNoEntry: false });
        if (!stats?.isFile()) return next();
        const tag = `W/"br-${stats.size}-${stats.mtimeMs}"`;
        let entry = compressed.get(file);
        if (entry?.tag !== tag) {
          entry = { tag, body: compress(readFileSync(file)) };
          compressed.set(file, entry);
        }
        const answer = (body: Buffer) => {
          for (const [name, value] of Object.entries(headers)) {
            if (value !== undefined) response.setHeader(name, value);
          }
          response.setHeader('Content-Type', type);
          response.setHeader('Vary', 'Accept-Encoding');
          response.setHeader('Cache-Control', 'no-cache'); // as preview answers
          response.setHeader('ETag', tag);
          if (request.headers['if-none-match'] === tag) {
            response.statusCode = 304;
            response.end();
            return;
          }
          response.setHeader('Content-Encoding', 'br');
          response.setHeader('Content-Length', body.length);
          response.end(body);
        };
        entry.body.then(answer, next);
      });
    },
  };
}
