/**
 * The marks a prerendered page carries (docs/architecture.md, "Prerendered public pages"), shared by the build
 * that writes them (build-plugins/prerendered-pages.ts) and start-app.tsx that reads them. No imports: the
 * build's config loads this module.
 */

/** Set on #root of a prerendered page, with the path it was rendered for. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** Set on <html> before the first paint when this device holds a member's saved session. */
export const MEMBER_SESSION_CLASS = 'member-session';

/**
 * Set on the app's whole stylesheet, linked with media="print" so that it never blocks the first paint
 * (build-plugins/first-screen-stylesheet.ts); start-app.tsx switches it on before React renders.
 */
export const APP_STYLES_ATTRIBUTE = 'data-app-styles';
