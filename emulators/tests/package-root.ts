import { fileURLToPath } from 'node:url';

/** The emulators package's folder: tests start its CLIs (`database/cli.ts`, `storage/cli.ts`) from here. */
export const packageRoot = fileURLToPath(new URL('..', import.meta.url));
