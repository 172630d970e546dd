import { readFileSync } from 'node:fs';
import firebase from 'firebase/compat/app';
import 'firebase/compat/database';
import 'firebase/compat/storage';
import {
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { startDatabaseEmulator } from 'challangex-emulators/database';
import { startStorageEmulator } from 'challangex-emulators/storage';
import { emulatorDatabaseRules } from '../../../scripts/lib/database-rules';
import { IDENTITIES, type Role } from './roles';

export const PROJECT_ID = 'demo-challangex-rules';

/** The project's storage rules, as checked in. */
export const projectStorageRules = () =>
  readFileSync(new URL('../../../storage.rules', import.meta.url), 'utf8');

/** Rules to load instead of the project's (the mutation checks load altered copies). */
export interface RulesHarnessOptions {
  /** Database rules text; by default the emulator build of database.rules.json. */
  databaseRules?: string;
  /** Storage rules text; by default storage.rules. */
  storageRules?: string;
}

/** What seeds a world: SDK handles that bypass the rules (the emulators' `owner` token). */
export interface OwnerAccess {
  database: firebase.database.Database;
  storage: firebase.storage.Storage;
}

export interface RulesHarness {
  env: RulesTestEnvironment;
  as(role: Role): RulesTestContext;
  /** Bypasses the rules, for seeding: one app for the harness's life, not one per seed. */
  owner: OwnerAccess;
  /** Removes every database node and every stored object (rules-unit-testing's clearStorage only removes root-level objects). */
  clear(): Promise<void>;
  /** Replaces the rules the running emulators enforce (each given file; the other keeps its rules). */
  loadRules(options: RulesHarnessOptions): Promise<void>;
  close(): Promise<void>;
}

async function expectOk(response: Response, what: string): Promise<void> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
}

/**
 * Both offline emulators on ephemeral ports, loaded with the project's own rules files. One harness
 * serves a whole table (and the mutation checks' every mutant: loadRules swaps the rules in place), so
 * each case pays for its seed and attempt only, never for emulators, connections or apps of its own.
 */
export async function startRulesHarness(options: RulesHarnessOptions = {}): Promise<RulesHarness> {
  const silent = () => {};
  // Denied writes are the point of the matrix; the SDK's warning for each one is noise.
  firebase.setLogLevel('error');
  const database = await startDatabaseEmulator({ port: 0, log: silent });
  const storage = await startStorageEmulator({ port: 0, log: silent });
  const env = await initializeTestEnvironment({
    projectId: PROJECT_ID,
    database: {
      host: database.host,
      port: database.port,
      rules: options.databaseRules ?? emulatorDatabaseRules(),
    },
    storage: {
      host: storage.host,
      port: storage.port,
      rules: options.storageRules ?? projectStorageRules(),
    },
  });

  // One context per role for the whole table: each context is a Firebase app with its own connection.
  const contexts = new Map<Role, RulesTestContext>();
  const as = (role: Role): RulesTestContext => {
    let context = contexts.get(role);
    if (!context) {
      context =
        role === 'visitor'
          ? env.unauthenticatedContext()
          : env.authenticatedContext(IDENTITIES[role].uid, IDENTITIES[role].token);
      contexts.set(role, context);
    }
    return context;
  };

  // What withSecurityRulesDisabled builds for each call (an app and its connections), built once.
  const ownerApp = firebase.initializeApp(
    { projectId: PROJECT_ID },
    `rules-harness-owner-${database.port}-${storage.port}`,
  );
  const ownerDatabase = ownerApp.database(
    `http://${database.host}:${database.port}?ns=${PROJECT_ID}`,
  );
  ownerDatabase.useEmulator(database.host, database.port, { mockUserToken: 'owner' });
  const ownerStorage = ownerApp.storage(`gs://${PROJECT_ID}`);
  ownerStorage.useEmulator(storage.host, storage.port, { mockUserToken: 'owner' });

  const databaseUrl = (path: string) =>
    `http://${database.host}:${database.port}${path}?ns=${PROJECT_ID}`;
  const storageUrl = (path: string) => `http://${storage.host}:${storage.port}${path}`;

  return {
    env,
    as,
    owner: { database: ownerDatabase, storage: ownerStorage },
    async clear() {
      await ownerDatabase.ref().set(null);
      // The storage emulator's reset (what rules-unit-testing's tools call): every object, any depth.
      await expectOk(
        await fetch(storageUrl('/internal/reset'), { method: 'POST' }),
        'storage reset',
      );
    },
    async loadRules(rules) {
      if (rules.databaseRules !== undefined)
        await expectOk(
          await fetch(databaseUrl('/.settings/rules.json'), {
            method: 'PUT',
            headers: { Authorization: 'Bearer owner' },
            body: rules.databaseRules,
          }),
          'database rules',
        );
      if (rules.storageRules !== undefined)
        await expectOk(
          await fetch(storageUrl('/internal/setRules'), {
            method: 'PUT',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({
              rules: { files: [{ name: 'storage.rules', content: rules.storageRules }] },
            }),
          }),
          'storage rules',
        );
    },
    async close() {
      await ownerApp.delete();
      await env.cleanup();
      await Promise.all([database.close(), storage.close()]);
    },
  };
}
