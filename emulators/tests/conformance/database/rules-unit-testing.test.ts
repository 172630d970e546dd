// @firebase/rules-unit-testing works unchanged against the emulator.
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTarget, TARGETS, uniqueId, type Target } from './target';

describe.each(TARGETS)('against %s', (kind) => {
  let target: Target;
  let env: RulesTestEnvironment;

  const rules = JSON.stringify(
    {
      rules: {
        profiles: {
          $uid: {
            '.read': 'auth != null',
            '.write': 'auth != null && auth.uid === $uid',
            name: { '.validate': 'newData.isString() && newData.val().length > 0' },
          },
        },
        reports: { '.read': 'auth.token.admin === true', '.write': false },
      },
    },
    null,
    2,
  );

  beforeAll(async () => {
    target = await startTarget('rut', kind);
    env = await initializeTestEnvironment({
      projectId: `demo-rut-${uniqueId()}`,
      database: { host: target.host, port: target.port, rules },
    });
  });
  afterAll(async () => {
    await env?.cleanup();
    await target.close();
  });

  describe('@firebase/rules-unit-testing', () => {
    it('authenticatedContext, unauthenticatedContext, assertSucceeds, assertFails', async () => {
      const alice = env.authenticatedContext('alice').database();
      const bob = env.authenticatedContext('bob').database();
      const anon = env.unauthenticatedContext().database();
      await assertSucceeds(alice.ref('profiles/alice').set({ name: 'Alice' }));
      await assertFails(bob.ref('profiles/alice').set({ name: 'Mallory' }));
      await assertFails(alice.ref('profiles/alice/name').set(''));
      await assertSucceeds(bob.ref('profiles/alice').once('value'));
      await assertFails(anon.ref('profiles/alice').once('value'));
      await assertFails(anon.ref('profiles/anon').set({ name: 'x' }));
    });

    it('custom claims through authenticatedContext options', async () => {
      const admin = env.authenticatedContext('root', { admin: true }).database();
      const user = env.authenticatedContext('user').database();
      await assertSucceeds(admin.ref('reports').once('value'));
      await assertFails(user.ref('reports').once('value'));
      await assertFails(admin.ref('reports/r1').set(1));
    });

    it('withSecurityRulesDisabled seeds data; clearDatabase empties it', async () => {
      await env.withSecurityRulesDisabled(async (ctx) => {
        await ctx.database().ref('reports/r1').set({ total: 3 });
      });
      const admin = env.authenticatedContext('root', { admin: true }).database();
      const snap = await assertSucceeds(admin.ref('reports/r1').once('value'));
      expect(snap.val()).toEqual({ total: 3 });
      await env.clearDatabase();
      const after = await admin.ref('reports/r1').once('value');
      expect(after.exists()).toBe(false);
    });
  });
});
