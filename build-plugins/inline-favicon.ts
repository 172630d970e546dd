import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * Writes the favicon into index.html as a data URL. Vite inlines the small images it finds in the page, but
 * never a `<link rel="icon">`; as a file, the favicon took one of the six connections the first page's
 * scripts queue for (docs/performance.md, "Decisions that hold the budgets").
 */
export function inlineFavicon(svgFile: string): Plugin {
  return {
    name: 'inline-favicon',
    transformIndexHtml: () => [
      {
        tag: 'link',
        attrs: {
          rel: 'icon',
          type: 'image/svg+xml',
          href: `data:image/svg+xml,${encodeURIComponent(readFileSync(svgFile, 'utf8').trim())}`,
        },
        injectTo: 'head-prepend',
      },
    ],
  };
}
