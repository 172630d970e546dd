import type { HtmlTagDescriptor, Plugin } from 'vite';

/**
 * The app's chunk is a dynamic import of the entry (so the static shell paints
 * before it runs), but it is needed at once: index.html fetches it and its
 * static imports in parallel with the entry, as Vite does for the entry's own
 * imports. At low priority: the stylesheet, which the shell's first paint
 * waits for, comes first. `appStartModule` is the module's path from the root
 * (`/src/app/start-app.tsx`).
 */
export function modulepreloadAppStart(appStartModule: string): Plugin {
  return {
    name: 'modulepreload-app-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }): HtmlTagDescriptor[] {
        const chunks = new Map(
          Object.values(bundle ?? {}).flatMap((output) =>
            output.type === 'chunk' ? [[output.fileName, output] as const] : [],
          ),
        );
        const start = [...chunks.values()].find((chunk) =>
          chunk.moduleIds.some((id) => id.endsWith(appStartModule)),
        );
        if (!start) {
          throw new Error(
            `modulepreload-app-start: no chunk holds ${appStartModule}. ` +
              'Was it moved or renamed? Update its path in vite.config.ts.',
          );
        }
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName)) return;
          files.add(fileName);
          chunks.get(fileName)?.imports.forEach(visit);
        };
        visit(start.fileName);
        // Largest first: the browser opens six connections per origin over HTTP/1.1, and the longest
        // download (react-dom) should not wait for a free one behind the small chunks.
        const size = (file: string) => chunks.get(file)?.code.length ?? 0;
        return [...files]
          .filter((file) => !html.includes(`/${file}"`))
          .sort((a, b) => size(b) - size(a))
          .map((file) => ({
            tag: 'link',
            attrs: {
              rel: 'modulepreload',
              crossorigin: true,
              fetchpriority: 'low',
              href: `/${file}`,
            },
            injectTo: 'head',
          }));
      },
    },
  };
}
