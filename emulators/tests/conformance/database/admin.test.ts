// firebase-admin through FIREBASE_DATABASE_EMULATOR_HOST: owner credential, reads, writes,
// updates, transactions, queries, and databaseAuthVariableOverride.
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getDatabase, type Database } from 'firebase-admin/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setRules, startTarget, TARGETS, uniqueId, type Target } from './target';

describe.each(TARGETS)('against %s', (kind) => {
  let target: Target;
  const apps: App[] = [];
  let db: Database;
  let previousHost: string | undefined;

  function adminDb(options: Record<string, unknown> = {}): Database {
    const app = initializeApp(
      {
        projectId: 'demo-conformance',
        databaseURL: `https://${target.ns}.firebaseio.com`,
        ...options,
      },
      uniqueId('admin-'),
    );
    apps.push(app);
    return getDatabase(app);
  }

  beforeAll(async () => {
    target = await startTarget('admin', kind);
    previousHost = process.env.FIREBASE_DATABASE_EMULATOR_HOST;
    process.env.FIREBASE_DATABASE_EMULATOR_HOST = `${target.host}:${target.port}`;
    await setRules(target, {
      rules: {
        '.read': false,
        '.write': false,
        mine: { $uid: { '.write': 'auth.uid === $uid', '.read': 'auth.uid === $uid' } },
      },
    });
    db = adminDb();
  });
  afterAll(async () => {
    await Promise.all(apps.map((a) => deleteApp(a)));
    if (previousHost === undefined) delete process.env.FIREBASE_DATABASE_EMULATOR_HOST;
    else process.env.FIREBASE_DATABASE_EMULATOR_HOST = previousHost;
    await target.close();
  });

  describe('firebase-admin', () => {
    it('set / get / update / push / remove bypass rules (owner)', async () => {
      const base = db.ref(uniqueId('admin-'));
      await base.set({ a: 1, b: { c: 2 } });
      expect((await base.get()).val()).toEqual({ a: 1, b: { c: 2 } });
      await base.update({ a: 3, 'b/d': 4 });
      const key = (await base.child('list').push({ v: 1 })).key!;
      expect((await base.child(`list/${key}/v`).once('value')).val()).toBe(1);
      await base.child('a').remove();
      expect((await base.get()).val()).toEqual({ b: { c: 2, d: 4 }, list: { [key]: { v: 1 } } });
    });

    it('transactions', async () => {
      const counter = db.ref(uniqueId('counter-'));
      await Promise.all(
        Array.from({ length: 5 }, () => counter.transaction((v: number | null) => (v ?? 0) + 1)),
      );
      expect((await counter.get()).val()).toBe(5);
    });

    it('queries', async () => {
      const list = db.ref(uniqueId('admin-q-'));
      await list.set({ a: { n: 3 }, b: { n: 1 }, c: { n: 2 } });
      const snap = await list.orderByChild('n').limitToFirst(2).get();
      const keys: string[] = [];
      snap.forEach((s) => {
        keys.push(s.key!);
      });
      expect(keys).toEqual(['b', 'c']);
      const last = await list.orderByKey().limitToLast(1).once('value');
      expect(Object.keys(last.val())).toEqual(['c']);
    });

    it('listens receive live changes', async () => {
      const ref = db.ref(uniqueId('admin-live-'));
      const values: unknown[] = [];
      const cb = ref.on('value', (s) => values.push(s.val()));
      await ref.set(1);
      await ref.set(2);
      await new Promise((r) => setTimeout(r, 50));
      ref.off('value', cb);
      expect(values.slice(-2)).toEqual([1, 2]);
    });

    it('databaseAuthVariableOverride applies rules as that user', async () => {
      const limited = adminDb({ databaseAuthVariableOverride: { uid: 'zoe' } });
      await limited.ref('mine/zoe/x').set(1);
      await expect(limited.ref('mine/yan/x').set(1)).rejects.toThrow(/permission/i);
    });
  });
});
