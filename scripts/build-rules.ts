/**
 * `npm run build:rules [-- --bucket NAME]`: writes build/rules/database.rules.json, the database rules
 * the deploy ships (firebase.json → database.rules), from database.rules.json with the project's
 * Storage bucket filled in (see scripts/lib/database-rules.ts). The bucket is the app's own: `--bucket`,
 * else VITE_FIREBASE_STORAGE_BUCKET, else `${VITE_FIREBASE_PROJECT_ID}.appspot.com`, read from the
 * production environment files exactly as `vite build` reads them.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { loadEnv } from 'vite';
import { productionDatabaseRules } from './lib/database-rules';

const repoRoot = join(import.meta.dirname, '..');
export const PRODUCTION_RULES_FILE = join(repoRoot, 'build/rules/database.rules.json');

function productionBucket(flag: string | undefined): string {
  if (flag) return flag;
  const env = loadEnv('production', repoRoot, 'VITE_');
  if (env.VITE_FIREBASE_STORAGE_BUCKET) return env.VITE_FIREBASE_STORAGE_BUCKET;
  if (env.VITE_FIREBASE_PROJECT_ID) return `${env.VITE_FIREBASE_PROJECT_ID}.appspot.com`;
  throw new Error(
    'No Storage bucket: set VITE_FIREBASE_STORAGE_BUCKET or VITE_FIREBASE_PROJECT_ID in .env.production.local, or pass --bucket NAME',
  );
}

try {
  const { values } = parseArgs({ options: { bucket: { type: 'string' } } });
  const bucket = productionBucket(values.bucket);
  mkdirSync(dirname(PRODUCTION_RULES_FILE), { recursive: true });
  writeFileSync(PRODUCTION_RULES_FILE, productionDatabaseRules(bucket));
  console.log(`${relative(repoRoot, PRODUCTION_RULES_FILE)}: proofs bound to gs://${bucket}`);
} catch (error) {
  console.error(`build:rules failed: ${(error as Error).message}`);
  process.exit(1);
}
