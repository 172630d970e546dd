/**
 * The id of the inert `<template>` that holds index.html's web app manifest link until the first screen has
 * loaded (build-plugins/defer-manifest-link.ts puts it there).
 */
export const MANIFEST_TEMPLATE_ID = 'app-manifest-link';

/**
 * Links the web app manifest (installing, the home-screen icon). Linked in index.html, Chromium fetches the
 * manifest and its 192 px icon while the first screen's code is still arriving, and they share its bandwidth
 * (docs/performance.md, "Decisions that hold the budgets"); this runs once the page has loaded, with the
 * service worker's registration. Without the template (development builds) it does nothing.
 */
export function linkAppManifest(): void {
  const template = document.getElementById(MANIFEST_TEMPLATE_ID);
  if (!(template instanceof HTMLTemplateElement)) return;
  document.head.append(template.content.cloneNode(true));
  template.remove();
}
