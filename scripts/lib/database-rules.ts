/**
 * `database.rules.json` is the one source of the database rules, written in production form: an
 * uploaded `photoURL` must be a download URL of the project's own bucket, named
 * there by the placeholder STORAGE_BUCKET. The two builds that are loaded somewhere come from it:
 *
 * - production (`npm run build:rules` → build/rules/database.rules.json, the file the deploy ships):
 *   STORAGE_BUCKET becomes the app's bucket, and nothing else changes;
 * - emulator (every local stack and test): the local Storage emulator's hosts (127.0.0.1,
 *   localhost) and demo buckets (`demo-*` projects never reach Google) are allowed as well.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const SOURCE_RULES_FILE = join(import.meta.dirname, '../../database.rules.json');

/** The download-URL prefix of the project's bucket, as the source writes it (JSON-escaped regex). */
const BUCKET_URL_PREFIX = String.raw`https:\\/\\/firebasestorage\\.googleapis\\.com\\/v0\\/b\\/STORAGE_BUCKET`;
/** Where the source names the bucket: the uploaded-avatar `photoURL` (proofs are server-written). */
const BUCKET_MENTIONS = 1;

const EMULATOR_URL_PREFIX = String.raw`(https:\\/\\/firebasestorage\\.googleapis\\.com|http:\\/\\/(127\\.0\\.0\\.1|localhost):[0-9]+)\\/v0\\/b\\/demo-[a-z0-9-]+(\\.appspot\\.com|\\.firebasestorage\\.app)?`;

/** Google Cloud Storage bucket names: lower case, digits, dots, dashes and underscores. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9._-]{1,220}[a-z0-9]$/;

function replaceBucketPrefix(source: string, replacement: string): string {
  const parts = source.split(BUCKET_URL_PREFIX);
  if (parts.length - 1 !== BUCKET_MENTIONS) {
    throw new Error(
      `database.rules.json names the bucket URL ${parts.length - 1} times, expected ${BUCKET_MENTIONS}: ` +
        'update scripts/lib/database-rules.ts together with the rules',
    );
  }
  const built = parts.join(replacement);
  if (built.includes('STORAGE_BUCKET')) {
    throw new Error('database.rules.json uses STORAGE_BUCKET outside a Storage download URL');
  }
  JSON.parse(built); // fails here, not at deploy time, if the result is not JSON
  return built;
}

export function sourceDatabaseRules(): string {
  return readFileSync(SOURCE_RULES_FILE, 'utf8');
}

/** The rules to deploy: proofs and avatars only from `bucket`, no emulator host. */
export function productionDatabaseRules(bucket: string, source = sourceDatabaseRules()): string {
  if (!BUCKET_NAME.test(bucket)) {
    throw new Error(`"${bucket}" is not a Cloud Storage bucket name (e.g. my-project.appspot.com)`);
  }
  if (bucket.startsWith('demo-')) {
    throw new Error(
      `"${bucket}" is a demo bucket: production rules need the real project's bucket`,
    );
  }
  const escaped = bucket.replaceAll('.', String.raw`\\.`);
  return replaceBucketPrefix(source, BUCKET_URL_PREFIX.replace('STORAGE_BUCKET', escaped));
}

/** The rules every local emulator loads: also the local Storage emulator and demo buckets. */
export function emulatorDatabaseRules(source = sourceDatabaseRules()): string {
  return replaceBucketPrefix(source, EMULATOR_URL_PREFIX);
}
