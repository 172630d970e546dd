import { MEMBER_SESSION_CLASS } from '../src/app/prerender-marks.ts';
import { storageKeys } from '../src/lib/device-storage.ts';

/**
 * The public pages the build prerenders (docs/architecture.md, "Prerendered public pages"), each written to its
 * own file of the build; firebase.json's rewrites serve each file at its path (tests/build/prerendered-pages.test.ts
 * holds them together). `title`: the page name the screen gives useDocumentTitle (none: the product's name).
 */
export const PRERENDERED_PAGES = [
  { path: '/', file: 'index.html', title: undefined },
  { path: '/about', file: 'about.html', title: 'About' },
  { path: '/contact', file: 'contact.html', title: 'Contact' },
  { path: '/leader-board', file: 'leader-board.html', title: 'Leader-board' },
] as const;

/**
 * The SPA shell (index.html as Vite builds it, with its static look-alike of the nav bar): what every other
 * address gets from Hosting's catch-all rewrite, and what the service worker answers navigations with.
 */
export const SPA_SHELL_FILE = 'app.html';

/**
 * A classic script of its own (the Content-Security-Policy allows no inline script), run in <head> before the
 * first paint: a page prerendered for visitors must not show a member the visitor's
 * content (Register, Login, the intro) while their app starts. A member's page hides it until React has drawn
 * theirs (start-app.tsx removes the class). Only whether a session is saved matters here, not whether it is
 * still valid: the app decides that (src/services/saved-session.ts).
 */
export const MEMBER_SESSION_SCRIPT =
  `try{if(localStorage.getItem(${JSON.stringify(storageKeys.session)}))` +
  `document.documentElement.classList.add(${JSON.stringify(MEMBER_SESSION_CLASS)})}catch(e){}`;

/** What a member's prerendered page hides: the page itself, and the nav bar's Register and Login. */
export const MEMBER_SESSION_STYLE =
  `.${MEMBER_SESSION_CLASS} #main,` +
  `.${MEMBER_SESSION_CLASS} #main-nav>.navbar-nav+.navbar-nav{visibility:hidden}`;
