// The REST API: CRUD, auth (header and ?auth=), shallow, queries, print, format, ETags,
// namespaces, rules settings, streaming, and REST writes reaching WebSocket listeners.
import { onValue, ref } from 'firebase/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clients,
  eventually,
  mockIdToken,
  rest,
  setRules,
  startTarget,
  TARGETS,
  uniqueId,
  type Clients,
  type Target,
} from './target';

describe.each(TARGETS)('against %s', (kind) => {
  let target: Target;
  let c: Clients;
  const alice = mockIdToken('alice');
  const bob = mockIdToken('bob');

  const rules = {
    rules: {
      '.read': false,
      '.write': false,
      open: { '.read': true, '.write': true, $list: { '.indexOn': ['score', '.value'] } },
      users: {
        $uid: {
          '.read': 'auth != null && auth.uid === $uid',
          '.write': 'auth != null && auth.uid === $uid',
        },
      },
    },
  };

  beforeAll(async () => {
    target = await startTarget('rest', kind);
    c = clients(target);
    await setRules(target, rules);
  });
  afterAll(async () => {
    await c.cleanup();
    await target.close();
  });

  describe('REST data API', () => {
    it('PUT, GET, PATCH, POST, DELETE', async () => {
      const p = `/open/${uniqueId('crud-')}`;
      const put = await rest(target, 'PUT', `${p}.json`, { body: { a: 1, b: { c: 'x' } } });
      expect(put).toMatchObject({ status: 200, body: { a: 1, b: { c: 'x' } } });
      expect((await rest(target, 'GET', `${p}.json`)).body).toEqual({ a: 1, b: { c: 'x' } });
      expect((await rest(target, 'GET', `${p}/b/c.json`)).body).toBe('x');

      const patch = await rest(target, 'PATCH', `${p}.json`, {
        body: { a: 2, 'b/d': true, gone: null },
      });
      expect(patch).toMatchObject({ status: 200, body: { a: 2, 'b/d': true } });
      expect((await rest(target, 'GET', `${p}.json`)).body).toEqual({
        a: 2,
        b: { c: 'x', d: true },
      });

      const post = await rest(target, 'POST', `${p}/list.json`, { body: { v: 1 } });
      expect(post.status).toBe(200);
      const name = (post.body as { name: string }).name;
      expect(name).toMatch(/^[-0-9A-Za-z_]{20}$/);
      const post2 = await rest(target, 'POST', `${p}/list.json`, { body: { v: 2 } });
      expect((post2.body as { name: string }).name > name).toBe(true);
      expect((await rest(target, 'GET', `${p}/list/${name}.json`)).body).toEqual({ v: 1 });

      const del = await rest(target, 'DELETE', `${p}/b.json`);
      expect(del).toMatchObject({ status: 200, body: null });
      expect((await rest(target, 'GET', `${p}/b.json`)).body).toBeNull();
      expect(await rest(target, 'GET', `/open/${uniqueId('missing-')}.json`)).toMatchObject({
        status: 200,
        body: null,
      });
    });

    it('server values, arrays, print=silent, print=pretty and format=export', async () => {
      const p = `/open/${uniqueId('fmt-')}`;
      const put = await rest(target, 'PUT', `${p}.json`, {
        body: { t: { '.sv': 'timestamp' }, arr: ['x', 'y'], pr: { '.value': 1, '.priority': 5 } },
      });
      expect(typeof (put.body as { t: unknown }).t).toBe('number');
      expect((await rest(target, 'GET', `${p}/arr.json`)).body).toEqual(['x', 'y']);
      const silent = await rest(target, 'PUT', `${p}/s.json`, {
        body: 1,
        params: { print: 'silent' },
      });
      expect(silent.status).toBe(204);
      expect(silent.text).toBe('');
      const pretty = await rest(target, 'GET', `${p}/arr.json`, { params: { print: 'pretty' } });
      expect(pretty.text).toContain('\n');
      expect((await rest(target, 'GET', `${p}/pr.json`)).body).toBe(1);
      expect(
        (await rest(target, 'GET', `${p}/pr.json`, { params: { format: 'export' } })).body,
      ).toEqual({
        '.value': 1,
        '.priority': 5,
      });
    });

    it('shallow=true returns keys, with true for objects', async () => {
      const p = `/open/${uniqueId('shallow-')}`;
      await rest(target, 'PUT', `${p}.json`, { body: { a: 1, b: { deep: { x: 1 } }, c: 'str' } });
      expect(
        (await rest(target, 'GET', `${p}.json`, { params: { shallow: 'true' } })).body,
      ).toEqual({
        a: 1,
        b: true,
        c: 'str',
      });
    });

    it('queries: orderBy $key / $value / child with limits and ranges (JSON-encoded parameters)', async () => {
      const p = `/open/${uniqueId('query-')}`;
      await rest(target, 'PUT', `${p}.json`, {
        body: { a: { score: 3 }, b: { score: 1 }, c: { score: 2 }, d: { score: 2 } },
      });
      const q = async (params: Record<string, string>) => {
        const res = await rest(target, 'GET', `${p}.json`, { params });
        expect(res.status).toBe(200);
        return res.body;
      };
      expect(await q({ orderBy: '"$key"', limitToFirst: '2' })).toEqual({
        a: { score: 3 },
        b: { score: 1 },
      });
      expect(await q({ orderBy: '"$key"', startAt: '"c"' })).toEqual({
        c: { score: 2 },
        d: { score: 2 },
      });
      expect(await q({ orderBy: '"score"', limitToLast: '2' })).toEqual({
        a: { score: 3 },
        d: { score: 2 },
      });
      expect(await q({ orderBy: '"score"', startAt: '2', endAt: '2' })).toEqual({
        c: { score: 2 },
        d: { score: 2 },
      });
      expect(await q({ orderBy: '"score"', equalTo: '1' })).toEqual({ b: { score: 1 } });
      expect(await q({ orderBy: '"score"', startAt: '2,"d"' })).toEqual({
        d: { score: 2 },
        a: { score: 3 },
      });

      const v = `/open/${uniqueId('values-')}`;
      await rest(target, 'PUT', `${v}.json`, { body: { x: 5, y: 1, z: 3 } });
      expect(
        (
          await rest(target, 'GET', `${v}.json`, {
            params: { orderBy: '"$value"', limitToFirst: '2' },
          })
        ).body,
      ).toEqual({
        y: 1,
        z: 3,
      });
    });

    it('queries on a child without .indexOn are rejected with the index hint', async () => {
      const p = `/open/${uniqueId('noindex-')}`;
      await rest(target, 'PUT', `${p}.json`, { body: { a: { other: 1 } } });
      const res = await rest(target, 'GET', `${p}.json`, {
        params: { orderBy: '"other"', limitToFirst: '1' },
      });
      expect(res.status).toBe(400);
      expect((res.body as { error: string }).error).toContain('Index not defined');
      const unordered = await rest(target, 'GET', `${p}.json`, { params: { limitToFirst: '1' } });
      expect(unordered.status).toBe(400);
    });

    it('auth by Authorization: Bearer and by ?auth=, owner bypasses rules, denials are 401', async () => {
      const p = '/users/alice/profile.json';
      const denied = await rest(target, 'PUT', p, { body: { name: 'A' } });
      expect(denied.status).toBe(401);
      expect(denied.body).toEqual({ error: 'Permission denied' });
      expect((await rest(target, 'PUT', p, { body: { name: 'A' }, token: bob })).status).toBe(401);
      expect((await rest(target, 'PUT', p, { body: { name: 'A' }, token: alice })).status).toBe(
        200,
      );
      expect((await rest(target, 'GET', p, { params: { auth: alice } })).body).toEqual({
        name: 'A',
      });
      expect((await rest(target, 'GET', p)).status).toBe(401);
      expect((await rest(target, 'GET', p, { params: { auth: bob } })).status).toBe(401);
      expect((await rest(target, 'GET', '/.json', { token: 'owner' })).status).toBe(200);
      expect((await rest(target, 'GET', p, { token: 'not-a-token' })).status).toBe(401);
    });

    it('namespaces are separate', async () => {
      const p = `/open/${uniqueId('ns-')}.json`;
      await rest(target, 'PUT', p, { body: 'here' });
      const other = { ...target, ns: `${target.ns}-other` };
      expect((await rest(other, 'GET', p, { token: 'owner' })).body).toBeNull();
      expect((await rest(target, 'GET', p)).body).toBe('here');
    });

    it('ETags and conditional writes', async () => {
      const p = `/open/${uniqueId('etag-')}.json`;
      await rest(target, 'PUT', p, { body: { v: 1 } });
      const got = await rest(target, 'GET', p, { headers: { 'X-Firebase-ETag': 'true' } });
      const etag = got.headers.get('etag')!;
      expect(etag).toBeTruthy();
      const stale = await rest(target, 'PUT', p, {
        body: { v: 2 },
        headers: { 'if-match': 'wrong' },
      });
      expect(stale.status).toBe(412);
      const ok = await rest(target, 'PUT', p, { body: { v: 2 }, headers: { 'if-match': etag } });
      expect(ok.status).toBe(200);
    });

    it('errors: bad JSON is 400, unknown routes 404, invalid keys 400', async () => {
      const p = `/open/${uniqueId('err-')}`;
      const bad = await rest(target, 'PUT', `${p}.json`, { rawBody: '{oops' });
      expect(bad.status).toBe(400);
      expect(bad.body).toHaveProperty('error');
      expect((await rest(target, 'GET', '/not-json-route')).status).toBe(404);
      expect((await rest(target, 'PUT', `${p}.json`, { body: { 'a.b': 1 } })).status).toBe(400);
      expect((await rest(target, 'PATCH', `${p}.json`, { body: 5 })).status).toBe(400);
    });

    it('REST writes reach WebSocket listeners', async () => {
      const p = `open/${uniqueId('fanout-')}`;
      const seen: unknown[] = [];
      const unsub = onValue(ref(c.web(), p), (s) => seen.push(s.val()));
      await eventually(() => expect(seen).toEqual([null]));
      await rest(target, 'PUT', `/${p}.json`, { body: { a: 1 } });
      await rest(target, 'PATCH', `/${p}.json`, { body: { b: 2 } });
      await rest(target, 'DELETE', `/${p}/a.json`);
      await eventually(() => expect(seen).toEqual([null, { a: 1 }, { a: 1, b: 2 }, { b: 2 }]));
      unsub();
    });

    it('streams changes as server-sent events', async () => {
      const p = `/open/${uniqueId('sse-')}`;
      await rest(target, 'PUT', `${p}.json`, { body: { a: 1 } });
      const controller = new AbortController();
      const res = await fetch(`${target.origin}${p}.json?ns=${target.ns}`, {
        headers: { Accept: 'text/event-stream' },
        signal: controller.signal,
      });
      expect(res.headers.get('content-type')).toContain('text/event-stream');
      const reader = res.body!.getReader();
      let text = '';
      const readUntil = async (needle: string) => {
        while (!text.includes(needle)) {
          const { value, done } = await reader.read();
          if (done) break;
          text += new TextDecoder().decode(value);
        }
      };
      await readUntil('"data":{"a":1}');
      await rest(target, 'PUT', `${p}/b.json`, { body: 2 });
      await readUntil('"path":"/b","data":2');
      expect(text).toContain('event: put');
      controller.abort();
    });
  });

  describe('REST rules settings', () => {
    it('GET returns the rules text, PUT replaces them, bad rules are 400 with the reason', async () => {
      const ns = { ...target, ns: `${target.ns}-rules` };
      const text = '{\n  // comment\n  "rules": { ".read": true, ".write": "auth != null" }\n}';
      const put = await rest(ns, 'PUT', '/.settings/rules.json', { rawBody: text, token: 'owner' });
      expect(put.status).toBe(200);
      expect((await rest(ns, 'GET', '/.settings/rules.json', { token: 'owner' })).text).toBe(text);
      expect((await rest(ns, 'PUT', '/x.json', { body: 1 })).status).toBe(401);
      expect((await rest(ns, 'PUT', '/x.json', { body: 1, token: alice })).status).toBe(200);

      const bad = await rest(ns, 'PUT', '/.settings/rules.json', {
        rawBody: '{"rules": {".read": "nosuchthing.foo()"}}',
        token: 'owner',
      });
      expect(bad.status).toBe(400);
      expect(typeof (bad.body as { error: string }).error).toBe('string');
      // the previous rules stay in force
      expect((await rest(ns, 'PUT', '/x.json', { body: 2 })).status).toBe(401);
    });

    it('format=strict returns the rules as plain JSON, also with comments and wrapped expressions', async () => {
      const ns = { ...target, ns: `${target.ns}-strict` };
      const text =
        '{\n  /* block */ "rules": {\n    ".read": "auth != null &&\n      auth.uid != null", // why\n    ".write": false\n  }\n}';
      expect(
        (await rest(ns, 'PUT', '/.settings/rules.json', { rawBody: text, token: 'owner' })).status,
      ).toBe(200);
      const strict = await rest(ns, 'GET', '/.settings/rules.json?format=strict', {
        token: 'owner',
      });
      expect(strict.status).toBe(200);
      const parsed = JSON.parse(strict.text) as { rules: Record<string, unknown> };
      expect(parsed.rules['.write']).toBe(false);
      expect(String(parsed.rules['.read'])).toMatch(/^auth != null &&\s+auth\.uid != null$/);
    });
  });
});
