/**
 * @firebase/rules-unit-testing works unchanged: initializeTestEnvironment loads rules through
 * PUT /internal/setRules, contexts talk through the compat SDK with mock tokens, clearStorage()
 * empties the bucket root, assertFails/assertSucceeds recognise our answers.
 */
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONFORMANCE_RULES,
  startEmulatorUnderTest,
  testBytes,
  uniqueId,
  type EmulatorUnderTest,
} from './helpers';

let emu: EmulatorUnderTest;
let testEnv: RulesTestEnvironment;
const projectId = uniqueId('demo-rut');

beforeAll(async () => {
  emu = await startEmulatorUnderTest({}, { loadRules: false });
  testEnv = await initializeTestEnvironment({
    projectId,
    storage: { host: emu.host, port: emu.port, rules: CONFORMANCE_RULES },
  });
});

afterAll(async () => {
  await testEnv?.cleanup();
  await emu?.close();
});

const jpeg = () => testBytes(2048, 4);
/** The compat UploadTask is a thenable; the assert helpers take promises. */
const task = <T>(t: PromiseLike<T>): Promise<T> => Promise.resolve(t);

describe('rules-unit-testing storage support', () => {
  it('authenticatedContext uploads into its own folder; others are denied', async () => {
    const alice = testEnv.authenticatedContext('alice').storage();
    const bob = testEnv.authenticatedContext('bob').storage();
    const path = 'Challenge/alice/c1/Day1-dinner.jpg';

    const snap = await assertSucceeds(
      task(alice.ref(path).put(jpeg(), { contentType: 'image/jpeg' })),
    );
    expect(snap.metadata.fullPath).toBe(path);
    expect(snap.metadata.bucket).toBe(projectId);

    await assertFails(
      task(bob.ref('Challenge/alice/c1/Day1-lunch.jpg').put(jpeg(), { contentType: 'image/jpeg' })),
    );
    await assertFails(
      task(alice.ref('Challenge/alice/c1/x.svg').put(jpeg(), { contentType: 'image/svg+xml' })),
    );
    await assertFails(
      task(
        alice
          .ref('Challenge/alice/c1/huge.jpg')
          .put(testBytes(6 * 1024 * 1024), { contentType: 'image/jpeg' }),
      ),
    );

    const meta = await assertSucceeds(bob.ref(path).getMetadata());
    expect(meta.size).toBe(2048);
    await assertSucceeds(bob.ref(path).getDownloadURL());
    await assertFails(testEnv.unauthenticatedContext().storage().ref(path).getMetadata());
    await assertFails(bob.ref(path).delete());
    await assertSucceeds(alice.ref(path).delete());
  });

  it('custom claims from authenticatedContext reach request.auth.token', async () => {
    const admin = testEnv.authenticatedContext('carol', { admin: true }).storage();
    const plain = testEnv.authenticatedContext('dave').storage();
    await assertSucceeds(task(admin.ref('admin/report.txt').putString('ok')));
    await assertFails(plain.ref('admin/report.txt').getMetadata());
  });

  it('withSecurityRulesDisabled bypasses rules and clearStorage() empties the bucket root', async () => {
    await testEnv.withSecurityRulesDisabled(async (ctx) => {
      const storage = ctx.storage();
      await storage.ref('root-a.txt').putString('a');
      await storage.ref('root-b.txt').putString('b');
      const listed = await storage.ref().listAll();
      expect(listed.items.map((r) => r.fullPath).sort()).toEqual(['root-a.txt', 'root-b.txt']);
    });
    await testEnv.clearStorage();
    await testEnv.withSecurityRulesDisabled(async (ctx) => {
      const listed = await ctx.storage().ref().listAll();
      expect(listed.items).toEqual([]);
    });
  });

  it('assertFails rejects when the request succeeds (the emulator really allowed it)', async () => {
    const alice = testEnv.authenticatedContext('alice').storage();
    await expect(assertFails(task(alice.ref('open/allowed.txt').putString('x')))).rejects.toThrow(
      /Expected request to fail/,
    );
  });
});
