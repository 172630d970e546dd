import { readFileSync } from 'node:fs';
import firebase from 'firebase/compat/app';
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

export interface RulesHarness {
  env: RulesTestEnvironment;
  as(role: Role): RulesTestContext;
  /** Removes every database node and every stored object (rules-unit-testing's clearStorage only removes root-level objects). */
  clear(): Promise<void>;
  close(): Promise<void>;
}

/** Both offline emulators on ephemeral ports, loaded with the project's own rules files. */
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

  return {
    env,
    as,
    async clear() {
      await env.clearDatabase();
      await env.withSecurityRulesDisabled(async (context) => {
        const removeAll = async (folder: firebase.storage.Reference): Promise<void> => {
          const { items, prefixes } = await folder.listAll();
          await Promise.all([...items.map((item) => item.delete()), ...prefixes.map(removeAll)]);
        };
        await removeAll(context.storage().ref());
      });
    },
    async close() {
      await env.cleanup();
      await Promise.all([database.close(), storage.close()]);
    },
  };
}
