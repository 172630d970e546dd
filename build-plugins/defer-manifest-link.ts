import type { Plugin } from 'vite';

const MANIFEST_LINK = /<link rel="manifest"[^>]*>/g;

/**
 * Moves the web app manifest's `<link>` (vite-plugin-pwa writes it into index.html) into an inert
 * `<template id={templateId}>`, which the app links once the page has loaded (src/app/shell/app-manifest.ts):
 * linked at once, Chromium fetched the manifest and its install icon beside the first screen's code
 * (docs/performance.md, "Decisions that hold the budgets"). A build whose page has no such link, or
 * several, stops: the markup it expects has changed.
 */
export function deferManifestLink(templateId: string): Plugin {
  return {
    name: 'defer-manifest-link',
    apply: 'build',
    // vite-plugin-pwa's own plugin is `enforce: 'post'`: among those, this one comes after it.
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links = html.match(MANIFEST_LINK) ?? [];
        if (links.length !== 1) {
          throw new Error(
            `defer-manifest-link: index.html should have one <link rel="manifest"> (vite-plugin-pwa's), ` +
              `it has ${links.length}. List this plugin after VitePWA in vite.config.ts.`,
          );
        }
        return html.replace(links[0]!, `<template id="${templateId}">${links[0]}</template>`);
      },
    },
  };
}
