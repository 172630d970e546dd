import { resolve } from 'node:path';

/** The repository's root directory (scripts run from anywhere). */
export const repoRoot = resolve(import.meta.dirname, '../..');
