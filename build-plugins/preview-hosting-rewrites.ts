import { readFileSync, statSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import type { Plugin } from 'vite';

interface HostingRewrite {
  source: string;
  destination?: string;
}

/** A Hosting rewrite source: an exact path, or `**` (anything); other globs are not used by firebase.json. */
function matchesSource(source: string, pathname: string): boolean {
  if (source === '**') return true;
  if (source.includes('*'))
    throw new Error(`preview-hosting-rewrites: unsupported source ${source}`);
  return source === pathname;
}

/** The file Hosting serves at `pathname`: the build's own file there, else the first matching rewrite's. */
export function hostingDestination(
  rewrites: readonly HostingRewrite[],
  pathname: string,
  isBuildFile: (pathname: string) => boolean,
): string | undefined {
  if (pathname === '/' || isBuildFile(pathname)) return undefined;
  return rewrites.find((rewrite) => matchesSource(rewrite.source, pathname))?.destination;
}

/**
 * `vite preview` routes addresses as firebase.json's Hosting rewrites do (docs/architecture.md, "Prerendered
 * public pages"): a file of the build as it is, each prerendered page at its path, the SPA shell everywhere
 * else. Preview's own fallback answered every address with index.html, which is now the prerendered home.
 * Function rewrites (/api) are left to preview's proxy.
 */
export function previewHostingRewrites(firebaseJson: string): Plugin {
  const { hosting } = JSON.parse(readFileSync(firebaseJson, 'utf8')) as {
    hosting: { rewrites: HostingRewrite[] };
  };
  const fileRewrites = hosting.rewrites.filter((rewrite) => rewrite.destination !== undefined);
  return {
    name: 'preview-hosting-rewrites',
    configurePreviewServer(server) {
      const distDir = resolve(server.config.root, server.config.build.outDir);
      const isBuildFile = (pathname: string) => {
        const file = resolve(distDir, `.${pathname}`);
        return (
          file.startsWith(distDir + sep) &&
          Boolean(statSync(file, { throwIfNoEntry: false })?.isFile())
        );
      };
      server.middlewares.use((request, _response, next) => {
        if (request.method !== 'GET' && request.method !== 'HEAD') return next();
        const url = new URL(request.url ?? '/', 'http://preview');
        if (url.pathname.startsWith('/api/')) return next();
        let pathname: string;
        try {
          pathname = decodeURIComponent(url.pathname);
        } catch {
          return next();
        }
        const destination = hostingDestination(fileRewrites, pathname, isBuildFile);
        if (destination) request.url = `${destination}${url.search}`;
        next();
      });
    },
  };
}
