/**
 * database.rules.json is written in production form with the bucket as STORAGE_BUCKET;
 * scripts/lib/database-rules.ts derives the production build (deployed) and the emulator build
 * (every local stack and the rest of this matrix). These cases load the production build. Meal
 * proofs are no longer written by browsers (the proof route writes them), so only photoURL names it.
 */
import { describe, expect, test } from 'vitest';
import {
  emulatorDatabaseRules,
  productionDatabaseRules,
  sourceDatabaseRules,
} from '../../scripts/lib/database-rules';
import { casesFor, describeRulesMatrix } from './support/rules-matrix';
import {
  databaseFixture,
  mealProofUrl,
  OWNER_CHALLENGE,
  type Database,
  type DatabaseWorld,
} from './support/database-world';
import { OWNER_UID } from './support/roles';

const BUCKET = 'challangex-prod.appspot.com';
const production = productionDatabaseRules(BUCKET);

const INFO = `users/${OWNER_UID}/info`;
const object = encodeURIComponent(`Challenge/${OWNER_UID}/${OWNER_CHALLENGE}/Day1-breakfast.jpg`);
const emulatorUrl = (bucket: string) =>
  `http://127.0.0.1:9199/v0/b/${bucket}/o/${object}?alt=media&token=t1`;
const proofUrlIn = (bucket: string) =>
  mealProofUrl(OWNER_UID, OWNER_CHALLENGE, 'Day1', 'breakfast').replace(
    '/b/demo-challangex.firebasestorage.app/',
    `/b/${bucket}/`,
  );
const avatars = casesFor<DatabaseWorld, Database>('production build: users/{uid}/info/photoURL');
avatars.allowed('owner', 'update', "sets photoURL to the project's bucket", (db) =>
  db.ref(`${INFO}/photoURL`).set(proofUrlIn(BUCKET)),
);
avatars.allowed('owner', 'update', 'sets photoURL to a Google account picture', (db) =>
  db.ref(`${INFO}/photoURL`).set('https://lh3.googleusercontent.com/a/olivia'),
);
avatars.denied('owner', 'update', 'sets photoURL to a local Storage emulator URL', (db) =>
  db.ref(`${INFO}/photoURL`).set(emulatorUrl('demo-challangex.appspot.com')),
);

describeRulesMatrix('database rules, production build', avatars.cases, databaseFixture, {
  databaseRules: production,
});

describe('the rules builds', () => {
  test('the production build names the bucket and no emulator host', () => {
    expect(production).toContain(String.raw`\\/v0\\/b\\/challangex-prod\\.appspot\\.com\\/o\\/`);
    expect(production).not.toMatch(/127\\\\\.0|localhost|STORAGE_BUCKET|demo-/);
  });

  test('the emulator build allows the local Storage emulator and demo buckets only', () => {
    const emulator = emulatorDatabaseRules();
    expect(emulator).toContain(String.raw`127\\.0\\.0\\.1|localhost`);
    expect(emulator).toContain(String.raw`demo-[a-z0-9-]+`);
    expect(emulator).not.toContain('STORAGE_BUCKET');
  });

  test('refuses a demo or malformed bucket, saying which', () => {
    expect(() => productionDatabaseRules('demo-challangex.appspot.com')).toThrow(
      /"demo-challangex.appspot.com" is a demo bucket/,
    );
    expect(() => productionDatabaseRules('Bad Bucket/')).toThrow(/not a Cloud Storage bucket name/);
  });

  test('fails loudly when the source no longer names the bucket where the build expects it', () => {
    const source = sourceDatabaseRules().replace('STORAGE_BUCKET', 'my-bucket');
    expect(() => emulatorDatabaseRules(source)).toThrow(/names the bucket URL 0 times, expected 1/);
  });
});
