// Security rules enforced over the WebSocket protocol: denials as the SDK reports them,
// cascading reads, atomic multi-path updates, .validate, claims, query rules, revoked listens.
import {
  get,
  onDisconnect,
  onValue,
  orderByChild,
  equalTo,
  query,
  ref,
  runTransaction,
  set,
  update,
} from 'firebase/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clients,
  eventually,
  mockIdToken,
  setRules,
  startTarget,
  TARGETS,
  uniqueId,
  WireClient,
  type Clients,
  type Target,
} from './target';

describe.each(TARGETS)('against %s', (kind) => {
  let target: Target;
  let c: Clients;

  const rules = {
    rules: {
      public: { '.read': true, '.write': true },
      users: {
        $uid: {
          '.read': 'auth != null && auth.uid === $uid',
          '.write': 'auth != null && auth.uid === $uid',
          age: { '.validate': 'newData.isNumber() && newData.val() >= 0' },
        },
      },
      admin: { '.read': 'auth.token.admin === true', '.write': 'auth.token.admin === true' },
      nested: { child: { '.read': true } },
      items: {
        '.read': "auth != null && query.orderByChild === 'owner' && query.equalTo === auth.uid",
        '.write': 'auth != null',
        '.indexOn': 'owner',
      },
      gate: { '.read': "root.child('gateOpen').val() === true", '.write': true },
      gateOpen: { '.read': true, '.write': true },
    },
  };

  beforeAll(async () => {
    target = await startTarget('rules', kind);
    c = clients(target);
    await setRules(target, rules);
  });
  afterAll(async () => {
    await c.cleanup();
    await target.close();
  });

  describe('denials as the SDK sees them', () => {
    it('writes fail with PERMISSION_DENIED and are rolled back locally', async () => {
      const db = c.web({ uid: 'alice' });
      await expect(set(ref(db, 'users/bob/name'), 'x')).rejects.toMatchObject({
        code: 'PERMISSION_DENIED',
      });
      await expect(set(ref(db, 'users/bob/name'), 'x')).rejects.toThrow(/permission_denied/i);
      await set(ref(db, 'users/alice/name'), 'Alice');
      expect((await get(ref(db, 'users/alice/name'))).val()).toBe('Alice');
    });

    it('get() rejects with "Permission denied"', async () => {
      const db = c.web({ uid: 'alice' });
      await expect(get(ref(db, 'users/bob'))).rejects.toThrow(/permission denied/i);
      await expect(get(ref(c.web(), 'users/alice'))).rejects.toThrow(/permission denied/i);
    });

    it('listens are cancelled with permission_denied', async () => {
      const db = c.web({ uid: 'alice' });
      const error = await new Promise<Error>((resolve) => {
        onValue(ref(db, 'users/bob'), () => {}, resolve);
      });
      expect(error.message).toMatch(/permission_denied at \/users\/bob/);
    });

    it('reads cascade: an ancestor grant covers the subtree; a child grant does not open the parent', async () => {
      const owner = await WireClient.connect(target);
      await owner.request('gauth', { cred: 'owner' });
      await owner.request('p', { p: '/nested', d: { child: { deep: 1 }, secret: 2 } });
      await owner.close();
      const db = c.web();
      expect((await get(ref(db, 'nested/child/deep'))).val()).toBe(1);
      expect((await get(ref(db, 'nested/child'))).val()).toEqual({ deep: 1 });
      await expect(get(ref(db, 'nested'))).rejects.toThrow(/permission denied/i);
      await expect(get(ref(db, 'nested/secret'))).rejects.toThrow(/permission denied/i);
    });

    it('.validate rejects bad data but not deletes', async () => {
      const db = c.web({ uid: 'carol' });
      await expect(set(ref(db, 'users/carol/age'), -1)).rejects.toMatchObject({
        code: 'PERMISSION_DENIED',
      });
      await expect(set(ref(db, 'users/carol/age'), 'old')).rejects.toMatchObject({
        code: 'PERMISSION_DENIED',
      });
      await set(ref(db, 'users/carol/age'), 30);
      await set(ref(db, 'users/carol/age'), null);
    });

    it('custom claims in the token are visible to rules', async () => {
      await expect(set(ref(c.web({ uid: 'dave' }), 'admin/x'), 1)).rejects.toMatchObject({
        code: 'PERMISSION_DENIED',
      });
      await set(ref(c.web({ uid: 'erin', claims: { admin: true } }), 'admin/x'), 1);
    });

    it('a multi-path update is all or nothing, rules included', async () => {
      const db = c.web({ uid: 'frank' });
      const key = uniqueId();
      await expect(
        update(ref(db), { [`users/frank/${key}`]: 1, [`users/gina/${key}`]: 1 }),
      ).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
      expect((await get(ref(db, `users/frank/${key}`))).exists()).toBe(false);
      await update(ref(db), { [`users/frank/${key}`]: 1, [`public/${key}`]: 2 });
      expect((await get(ref(db, `users/frank/${key}`))).val()).toBe(1);
    });

    it('transactions and onDisconnect are checked too', async () => {
      const db = c.web({ uid: 'hank' });
      await expect(
        runTransaction(ref(db, 'users/other/n'), (v: number | null) => (v ?? 0) + 1),
      ).rejects.toThrow();
      await expect(
        onDisconnect(ref(db, 'users/other/status')).set('offline'),
      ).rejects.toMatchObject({
        code: 'PERMISSION_DENIED',
      });
      await onDisconnect(ref(db, 'users/hank/status')).set('offline');
    });

    it('query-based rules allow only the permitted query', async () => {
      const db = c.web({ uid: 'ivy' });
      await set(ref(db, 'items'), { i1: { owner: 'ivy' }, i2: { owner: 'jack' } });
      await expect(get(ref(db, 'items'))).rejects.toThrow(/permission denied/i);
      await expect(
        get(query(ref(db, 'items'), orderByChild('owner'), equalTo('jack'))),
      ).rejects.toThrow(/permission denied/i);
      const mine = await get(query(ref(db, 'items'), orderByChild('owner'), equalTo('ivy')));
      expect(mine.val()).toEqual({ i1: { owner: 'ivy' } });
      const live = await new Promise<unknown>((resolve, reject) => {
        const unsub = onValue(
          query(ref(db, 'items'), orderByChild('owner'), equalTo('ivy')),
          (s) => {
            unsub();
            resolve(s.val());
          },
          reject,
        );
      });
      expect(live).toEqual({ i1: { owner: 'ivy' } });
    });
  });

  describe('owner and revocation', () => {
    it('owner (gauth) bypasses rules; mock tokens and unauth switch identity', async () => {
      const wire = await WireClient.connect(target);
      try {
        expect((await wire.request('p', { p: '/admin/y', d: 1 })).s).toBe('permission_denied');
        expect((await wire.request('gauth', { cred: 'owner' })).s).toBe('ok');
        expect((await wire.request('p', { p: '/admin/y', d: 1 })).s).toBe('ok');
        expect((await wire.request('auth', { cred: mockIdToken('kim') })).s).toBe('ok');
        expect((await wire.request('p', { p: '/admin/y', d: 2 })).s).toBe('permission_denied');
        expect((await wire.request('p', { p: '/users/kim/a', d: 2 })).s).toBe('ok');
        expect((await wire.request('unauth', {})).s).toBe('ok');
        expect((await wire.request('p', { p: '/users/kim/a', d: 3 })).s).toBe('permission_denied');
      } finally {
        await wire.close();
      }
    });

    it('a listen is revoked when auth goes away', async () => {
      const wire = await WireClient.connect(target);
      try {
        await wire.request('auth', { cred: mockIdToken('lee') });
        expect((await wire.request('q', { p: '/users/lee', h: '' })).s).toBe('ok');
        await wire.request('unauth', {});
        const revoked = await wire.waitFor((m) => m.t === 'd' && m.d.a === 'c');
        expect(revoked.d.b).toMatchObject({ p: '/users/lee' });
      } finally {
        await wire.close();
      }
    });

    it('a listen is revoked when the data its rule depends on changes', async () => {
      const db = c.web();
      await set(ref(db, 'gateOpen'), true);
      const events: unknown[] = [];
      const cancelled = new Promise<Error>((resolve) => {
        onValue(ref(db, 'gate'), (s) => events.push(s.val()), resolve);
      });
      await eventually(() => expect(events).toEqual([null]));
      await set(ref(c.web(), 'gateOpen'), false);
      expect((await cancelled).message).toMatch(/permission_denied at \/gate/);
    });

    it('listens (plain and query) are revoked when new rules deny them', async () => {
      const ns = { ...target, ns: `${target.ns}-change` };
      await setRules(ns, { rules: { '.read': true, '.write': true, x: { '.indexOn': 'n' } } });
      const cc = clients(ns);
      try {
        const db = cc.web();
        await set(ref(db, 'x'), { a: { n: 1 }, b: { n: 2 } });
        const events: unknown[] = [];
        const queryEvents: unknown[] = [];
        const cancelled = new Promise<Error>((resolve) => {
          onValue(ref(db, 'x/a'), (s) => events.push(s.val()), resolve);
        });
        const queryCancelled = new Promise<Error>((resolve) => {
          onValue(
            query(ref(db, 'x'), orderByChild('n'), equalTo(2)),
            (s) => queryEvents.push(s.val()),
            resolve,
          );
        });
        await eventually(() => {
          expect(events).toEqual([{ n: 1 }]);
          expect(queryEvents).toEqual([{ b: { n: 2 } }]);
        });
        await setRules(ns, { rules: { '.read': false, '.write': true } });
        expect((await cancelled).message).toMatch(/permission_denied at \/x\/a/);
        expect((await queryCancelled).message).toMatch(/permission_denied at \/x/);
      } finally {
        await cc.cleanup();
      }
    });
  });
});
