// Load the emulator must take: 200 concurrent connections with listeners, and a node with
// 10,000 children (whole reads, queries, live updates), in reasonable time.
import {
  get,
  limitToLast,
  onValue,
  orderByChild,
  query,
  ref,
  set,
  update,
} from 'firebase/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clients,
  eventually,
  rest,
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

  beforeAll(async () => {
    target = await startTarget('scale', kind);
    await setRules(target, {
      rules: { '.read': true, '.write': true, $big: { '.indexOn': ['score'] } },
    });
    c = clients(target);
  });
  afterAll(async () => {
    await c.cleanup();
    await target.close();
  });

  describe('scale', () => {
    it('200 concurrent connections all receive a broadcast write, then release everything', async () => {
      const path = `/${uniqueId('crowd-')}`;
      const conns = await Promise.all(
        Array.from({ length: 200 }, () => WireClient.connect(target)),
      );
      try {
        await Promise.all(conns.map((w) => w.request('q', { p: path, h: '' })));
        await Promise.all(
          conns.map((w, i) => w.request('o', { p: `${path}/online/${i}`, d: null })),
        );
        const writer = conns[0];
        expect((await writer.request('p', { p: `${path}/msg`, d: 'hello' })).s).toBe('ok');
        await Promise.all(
          conns.map((w) =>
            w.waitFor(
              (m) => m.t === 'd' && m.d.a === 'd' && (m.d.b as { p: string }).p === `${path}/msg`,
            ),
          ),
        );
      } finally {
        await Promise.all(conns.map((w) => w.close()));
      }
      expect((await rest(target, 'GET', `${path}/msg.json`)).body).toBe('hello');
    });

    it('10,000 children under one node: write, read, query and live updates', async () => {
      const path = uniqueId('big-');
      const data: Record<string, { score: number; name: string }> = {};
      for (let i = 0; i < 10_000; i++)
        data[`k${String(i).padStart(5, '0')}`] = { score: (i * 7919) % 10_000, name: `n${i}` };
      const db = c.web();
      await set(ref(db, path), data);
      const all = await get(ref(c.web(), path));
      expect(all.size).toBe(10_000);

      const top = await get(query(ref(c.web(), path), orderByChild('score'), limitToLast(3)));
      expect(
        Object.values(top.val() as Record<string, { score: number }>)
          .map((v) => v.score)
          .sort(),
      ).toEqual([9997, 9998, 9999]);

      const reader = c.web();
      const windows: number[][] = [];
      const unsub = onValue(
        query(ref(reader, path), orderByChild('score'), limitToLast(2)),
        (s) => {
          const scores: number[] = [];
          s.forEach((x) => {
            scores.push(x.val().score);
          });
          windows.push(scores);
        },
      );
      await eventually(() => expect(windows.at(-1)).toEqual([9998, 9999]));
      const writer = c.web();
      for (let i = 0; i < 50; i++)
        await update(ref(writer, `${path}/k${String(i).padStart(5, '0')}`), { name: `m${i}` });
      await set(ref(writer, `${path}/k00000/score`), 20_000);
      await eventually(() => expect(windows.at(-1)).toEqual([9999, 20_000]));
      unsub();

      const shallow = await rest(target, 'GET', `/${path}.json`, { params: { shallow: 'true' } });
      expect(Object.keys(shallow.body as object)).toHaveLength(10_000);
    });
  });
});
