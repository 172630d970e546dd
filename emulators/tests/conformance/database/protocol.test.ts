// Wire protocol v5 as @firebase/database speaks it: hello, frames, keep-alive, ping,
// stats, auth, request/response ordering, robustness against bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mockIdToken, startTarget, TARGETS, uniqueId, WireClient, type Target } from './target';

describe.each(TARGETS)('against %s', (kind) => {
  let target: Target;
  const open: WireClient[] = [];
  const connect = async () => {
    const c = await WireClient.connect(target);
    open.push(c);
    return c;
  };

  beforeAll(async () => {
    target = await startTarget('protocol', kind);
  });
  afterAll(async () => {
    await Promise.all(open.map((c) => c.close()));
    await target.close();
  });

  describe('RTDB wire protocol', () => {
    it('sends the hello first: server time, protocol 5, the request Host, a session id', async () => {
      const before = Date.now();
      const c = await connect();
      expect(c.messages[0]).toMatchObject({ t: 'c', d: { t: 'h' } });
      expect(c.hello.v).toBe('5');
      expect(c.hello.h).toBe(`${target.host}:${target.port}`);
      expect(typeof c.hello.s).toBe('string');
      expect(c.hello.s.length).toBeGreaterThan(0);
      expect(Math.abs(c.hello.ts - before)).toBeLessThan(60_000);
    });

    it('answers stats, appcheck and pings', async () => {
      const c = await connect();
      expect((await c.request('s', { c: { 'sdk.node.12-19-0': 1 } })).s).toBe('ok');
      expect((await c.request('appcheck', { token: 'x' })).s).toBe('ok');
      c.sendRaw(JSON.stringify({ t: 'c', d: { t: 'p', d: {} } }));
      const pong = await c.waitFor((m) => m.t === 'c' && m.d.t === 'o');
      expect(pong.d).toEqual({ t: 'o', d: {} });
    });

    it('ignores the keep-alive frame "0" and reassembles count-prefixed multi-frame messages', async () => {
      const c = await connect();
      c.sendRaw('0');
      const path = `/${uniqueId('frames-')}`;
      const big = 'x'.repeat(40_000);
      const msg = JSON.stringify({ t: 'd', d: { r: 999, a: 'p', b: { p: path, d: big } } });
      const chunks = msg.match(/[\s\S]{1,16384}/g)!;
      c.sendRaw(String(chunks.length));
      for (const chunk of chunks) c.sendRaw(chunk);
      const reply = await c.waitFor((m) => m.t === 'd' && m.d.r === 999);
      expect(reply.d.b).toMatchObject({ s: 'ok' });
      const got = await c.request('g', { p: path, q: {} });
      expect(got.s).toBe('ok');
      expect(got.d === big).toBe(true);
      // big server→client messages are split too, never as a bare "0"
      expect(c.rawFrames.some((f) => f === '0')).toBe(false);
    });

    it('replies with an error but keeps serving after bad frames and bad JSON', async () => {
      const c = await connect();
      c.sendRaw('{not json');
      await c.waitFor((m) => m.t === 'c' && m.d.t === 'e');
      c.sendRaw(JSON.stringify({ hello: 1 }));
      c.sendRaw(JSON.stringify({ t: 'd', d: 'nope' }));
      c.sendRaw(JSON.stringify([1, 2, 3]));
      const bad = await c.request('p', { p: '/a/b.c', d: 1 });
      expect(bad.s).not.toBe('ok');
      const badData = await c.request('p', { p: `/${uniqueId()}`, d: { 'bad.key': 1 } });
      expect(badData.s).not.toBe('ok');
      const unknown = await c.request('zz', {});
      expect(unknown.s).not.toBe('ok');
      const ok = await c.request('g', { p: '/', q: { l: 1, vf: 'l' } });
      expect(ok.s).toBe('ok');
    });

    it('accepts mock ID tokens (auth), owner (gauth) and unauth', async () => {
      const c = await connect();
      expect((await c.request('auth', { cred: mockIdToken('alice', { admin: true }) })).s).toBe(
        'ok',
      );
      expect((await c.request('gauth', { cred: 'owner' })).s).toBe('ok');
      expect((await c.request('unauth', {})).s).toBe('ok');
    });

    it('pushes listen data before the listen ok, and write pushes before the write ok', async () => {
      const c = await connect();
      const path = `/${uniqueId('order-')}`;
      await c.request('p', { p: path, d: { a: 1 } });
      const listen = await c.request('q', { p: path, h: '' });
      expect(listen.s).toBe('ok');
      const dataIdx = c.messages.findIndex(
        (m) => m.t === 'd' && m.d.a === 'd' && (m.d.b as { p: string }).p === path,
      );
      expect(dataIdx).toBeGreaterThanOrEqual(0);
      expect(dataIdx).toBeLessThan(listen.index);
      expect(c.messages[dataIdx].d.b).toEqual({ p: path, d: { a: 1 } });

      const write = await c.request('p', { p: `${path}/b`, d: 2 });
      const pushIdx = c.messages.findIndex(
        (m, i) =>
          i > listen.index &&
          m.t === 'd' &&
          m.d.a === 'd' &&
          (m.d.b as { p: string }).p === `${path}/b`,
      );
      expect(pushIdx).toBeGreaterThan(listen.index);
      expect(pushIdx).toBeLessThan(write.index);
      expect(c.messages[pushIdx].d.b).toEqual({ p: `${path}/b`, d: 2 });
    });

    it('sends updates as merges for multi-path updates and tagged pushes for queries', async () => {
      const c = await connect();
      const path = `/${uniqueId('merge-')}`;
      await c.request('q', { p: path, h: '' });
      await c.request('m', { p: path, d: { 'x/y': 1, z: 2 } });
      const merge = c.pushes().find((p) => p.a === 'm');
      expect(merge?.b).toEqual({ p: path, d: { 'x/y': 1, z: 2 } });

      const q = { sp: 1, sin: true, i: 'z', l: 1, vf: 'l' };
      await c.request('p', { p: `${path}/list`, d: { a: { z: 2 }, b: { z: 1 }, c: { z: 3 } } });
      const listen = await c.request('q', { p: `${path}/list`, q, t: 7, h: '' });
      expect(listen.s).toBe('ok');
      const tagged = c.pushes().filter((p) => p.b.t === 7);
      expect(tagged.length).toBeGreaterThan(0);
      expect(tagged[0].b.p).toBe(`${path}/list`);
    });

    it('revokes nothing and keeps order when many requests are pipelined', async () => {
      const c = await connect();
      const path = `/${uniqueId('pipe-')}`;
      const replies = await Promise.all(
        Array.from({ length: 50 }, (_, i) => c.request('p', { p: `${path}/${i}`, d: i })),
      );
      expect(replies.every((r) => r.s === 'ok')).toBe(true);
      const indexes = replies.map((r) => r.index);
      expect([...indexes].sort((a, b) => a - b)).toEqual(indexes);
      const got = await c.request('g', { p: path, q: {} });
      expect(Object.keys(got.d as object)).toHaveLength(50);
    });
  });
});
