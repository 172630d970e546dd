import { z } from 'zod';

// zod compiles fast validators with `new Function` after probing whether eval is allowed; the app's
// Content-Security-Policy has no 'unsafe-eval', so the probe alone is a CSP violation in the browser
// (docs/security.md, Hosting headers). Validation without the JIT is fast enough for forms.
z.config({ jitless: true });

/** zod, configured for the app: import `z` from here, never from 'zod' directly (lint enforces it). */
export { z };
