/**
 * Error statuses and JSON bodies the SDK maps to its codes (object-not-found, unauthenticated,
 * unauthorized, quota-exceeded, invalid-argument), the no-ruleset default, and robustness
 * against malformed requests.
 */
import * as net from 'node:net';
import {
  deleteObject,
  getBytes,
  getDownloadURL,
  getMetadata,
  listAll,
  ref,
  updateMetadata,
  uploadBytes,
  uploadBytesResumable,
  uploadString,
} from 'firebase/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Clients,
  CONFORMANCE_RULES,
  expectJsonError,
  mockIdToken,
  objectUrl,
  setRules,
  startEmulatorUnderTest,
  testBytes,
  uniqueId,
  USING_EXTERNAL,
  type EmulatorUnderTest,
} from './helpers';

let emu: EmulatorUnderTest;
let clients: Clients;
const bucket = uniqueId('errors');

beforeAll(async () => {
  emu = await startEmulatorUnderTest();
  clients = new Clients(emu, bucket);
});

afterAll(async () => {
  await clients?.cleanup();
  await emu?.close();
});

describe('object-not-found (404)', () => {
  it('for getMetadata, getBytes, getDownloadURL, updateMetadata and deleteObject', async () => {
    const s = clients.storage('alice');
    const r = ref(s, 'open/missing.txt');
    const notFound = { code: 'storage/object-not-found' };
    await expect(getMetadata(r)).rejects.toMatchObject(notFound);
    await expect(getBytes(r)).rejects.toMatchObject(notFound);
    await expect(getDownloadURL(r)).rejects.toMatchObject(notFound);
    await expect(updateMetadata(r, { contentType: 'a/b' })).rejects.toMatchObject(notFound);
    await expect(deleteObject(r)).rejects.toMatchObject(notFound);
    await expectJsonError(await fetch(objectUrl(emu, bucket, 'open/missing.txt')), 404);
  });
});

describe('unauthenticated (401) for malformed tokens', () => {
  it('maps to storage/unauthenticated in the SDK', async () => {
    const bad = clients.storage({ rawToken: 'not-a-jwt' });
    const unauthenticated = { code: 'storage/unauthenticated', status: 401 };
    await expect(getMetadata(ref(bad, 'open/x'))).rejects.toMatchObject(unauthenticated);
    await expect(uploadString(ref(bad, 'open/x'), 'x')).rejects.toMatchObject(unauthenticated);
    await expect(
      uploadBytesResumable(ref(bad, 'open/y'), testBytes(300_000)),
    ).rejects.toMatchObject(unauthenticated);
    await expect(listAll(ref(bad, 'open'))).rejects.toMatchObject(unauthenticated);
  });

  it('answers 401 JSON for bad payloads, missing uid and unknown schemes; accepts Bearer and mock tokens', async () => {
    const url = `${objectUrl(emu, bucket)}?prefix=&delimiter=%2F`;
    const get = (authorization: string) =>
      fetch(url, { headers: { Authorization: authorization } });
    await expectJsonError(await get('Firebase abc.%%%.'), 401);
    await expectJsonError(
      await get(`Firebase x.${Buffer.from('[1]').toString('base64url')}.`),
      401,
    );
    await expectJsonError(
      await get(`Firebase x.${Buffer.from('{"iat":0}').toString('base64url')}.`),
      401,
    );
    await expectJsonError(await get('Basic dXNlcjpwdw=='), 401);
    expect((await get(`Firebase ${mockIdToken('alice')}`)).status).toBe(200);
    expect((await get(`Bearer ${mockIdToken('alice')}`)).status).toBe(200);
    expect((await get('Bearer owner')).status).toBe(200);
  });
});

describe('unauthorized (403)', () => {
  it('is a JSON error body', async () => {
    const message = await expectJsonError(await fetch(objectUrl(emu, bucket, 'signed/x')), 403);
    expect(message).toMatch(/permission/i);
  });
});

describe('invalid-argument (400) and malformed requests get 4xx JSON, never a crash', () => {
  const post = (headers: Record<string, string>, body: string, qs = '?name=open%2Fm.txt') =>
    fetch(`${objectUrl(emu, bucket)}${qs}`, {
      method: 'POST',
      headers: { Authorization: 'Firebase owner', ...headers },
      body,
    });
  const multipart = (boundary: string, parts: string) =>
    post(
      {
        'X-Goog-Upload-Protocol': 'multipart',
        'Content-Type': `multipart/related; boundary=${boundary}`,
      },
      parts,
    );

  it('rejects bad multipart bodies', async () => {
    await expectJsonError(
      await post(
        { 'X-Goog-Upload-Protocol': 'multipart', 'Content-Type': 'multipart/related' },
        'x',
      ),
      400,
    );
    await expectJsonError(await multipart('BND', 'no boundary here at all'), 400);
    await expectJsonError(
      await multipart('BND', '--BND\r\nContent-Type: application/json\r\n\r\n{"name":"x"}'),
      400,
    );
    await expectJsonError(
      await multipart(
        'BND',
        '--BND\r\nContent-Type: application/json\r\n\r\n{bad json\r\n--BND\r\nContent-Type: text/plain\r\n\r\nhi\r\n--BND--',
      ),
      400,
    );
    await expectJsonError(
      await multipart(
        'BND',
        '--BND\r\nContent-Type: application/json\r\n\r\n{}\r\n--BND\r\nContent-Type: text/plain\r\n\r\nhi\r\n--BND\r\n\r\nthird\r\n--BND--',
      ),
      400,
    );
    await expectJsonError(
      await multipart(
        'BND',
        '--BND\r\nContent-Type: application/json\r\n\r\n{}\r\n--BND\r\nContent-Type: text/plain\r\n\r\nhi',
      ),
      400,
    );
    await expectJsonError(
      await multipart('BND', '--BND\r\nbroken header\r\n\r\n{}\r\n--BND--'),
      400,
    );
    // A well-formed body still works (metadata name used when the query has none).
    const ok = await multipart(
      'BND',
      '--BND\r\nContent-Type: application/json; charset=utf-8\r\n\r\n{"name":"open/mp.txt","contentType":"text/plain"}\r\n--BND\r\nContent-Type: text/plain\r\n\r\nhi there\r\n--BND--',
    );
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { size: string }).size).toBe('8');
  });

  it('rejects bad names, bad metadata, bad md5, bad upload commands and bad paths', async () => {
    const mp = (meta: string) =>
      `--B\r\nContent-Type: application/json\r\n\r\n${meta}\r\n--B\r\nContent-Type: text/plain\r\n\r\nx\r\n--B--`;
    const headers = {
      'X-Goog-Upload-Protocol': 'multipart',
      'Content-Type': 'multipart/related; boundary=B',
    };
    await expectJsonError(await post(headers, mp('{}'), ''), 400); // no name anywhere
    await expectJsonError(await post(headers, mp('{}'), `?name=${'a'.repeat(1100)}`), 400);
    await expectJsonError(await post(headers, mp('{"contentType":["x"]}')), 400);
    await expectJsonError(await post(headers, mp('{"md5Hash":"AAAAAAAAAAAAAAAAAAAAAA=="}')), 400);
    await expectJsonError(await post({ 'X-Goog-Upload-Command': 'upload' }, 'x'), 400);
    await expectJsonError(
      await post(
        {
          'X-Goog-Upload-Protocol': 'resumable',
          'X-Goog-Upload-Command': 'start',
          'X-Goog-Upload-Header-Content-Length': '-5',
        },
        '{}',
      ),
      400,
    );
    await expectJsonError(
      await post(
        { 'X-Goog-Upload-Protocol': 'resumable', 'X-Goog-Upload-Command': 'start' },
        '{"metadata": 1}',
      ),
      400,
    );
    await expectJsonError(await fetch(`${emu.url}/v0/b/${bucket}/o/%E0%A4%A`), 400);
  });

  it('unknown routes and methods are 4xx JSON', async () => {
    await expectJsonError(await fetch(`${emu.url}/nope`), 404);
    await expectJsonError(await fetch(`${emu.url}/v0/b/${bucket}`), 404);
    await expectJsonError(await fetch(`${emu.url}/internal/nope`, { method: 'POST' }), 404);
    await expectJsonError(
      await fetch(objectUrl(emu, bucket), {
        method: 'DELETE',
        headers: { Authorization: 'Firebase owner' },
      }),
      405,
    );
    await expectJsonError(
      await fetch(`${emu.url}/internal/setRules`, { method: 'PUT', body: '{oops' }),
      400,
    );
    await expectJsonError(
      await fetch(`${emu.url}/internal/setRules`, { method: 'PUT', body: '{"rules":{}}' }),
      400,
    );
  });

  it('invalid rules are refused with a message naming the problem, and the old rules stay', async () => {
    const res = await setRules(
      emu,
      "rules_version = '2'; service firebase.storage { match /b/{bucket}/o { allow read: if exists(x); } }",
    );
    const message = await expectJsonError(res, 400);
    expect(message).toMatch(/exists\(\)/);
    // Conformance rules still in force.
    await expectJsonError(await fetch(objectUrl(emu, bucket, 'signed/x')), 403);
    expect((await fetch(objectUrl(emu, bucket, 'open/none'))).status).toBe(404);
  });

  it('survives garbage on the socket and aborted uploads', async () => {
    await new Promise<void>((resolve) => {
      const sock = net.connect(emu.port, emu.host, () => sock.end('NOT HTTP AT ALL\r\n\r\n'));
      sock.on('data', () => undefined);
      sock.on('close', () => resolve());
      sock.on('error', () => resolve());
    });
    // A multipart upload whose connection dies mid-body.
    await new Promise<void>((resolve) => {
      const sock = net.connect(emu.port, emu.host, () => {
        sock.write(
          `POST /v0/b/${bucket}/o?name=open%2Fabort.bin HTTP/1.1\r\nHost: ${emu.hostPort}\r\nX-Goog-Upload-Protocol: multipart\r\n` +
            'Content-Type: multipart/related; boundary=B\r\nContent-Length: 100000\r\n\r\n--B\r\n\r\n{}\r\n--B\r\n\r\npartial',
        );
        setTimeout(() => sock.destroy(), 50);
      });
      sock.on('close', () => resolve());
      sock.on('error', () => resolve());
    });
    const s = clients.storage('alice');
    await uploadString(ref(s, 'open/after-garbage.txt'), 'still alive');
    expect(new TextDecoder().decode(await getBytes(ref(s, 'open/after-garbage.txt')))).toBe(
      'still alive',
    );
    await expect(getMetadata(ref(s, 'open/abort.bin'))).rejects.toMatchObject({
      code: 'storage/object-not-found',
    });
  });
});

describe('browsers', () => {
  it('answers CORS preflights and exposes the upload headers the SDK reads', async () => {
    const origin = 'http://localhost:5173';
    const pre = await fetch(`${objectUrl(emu, bucket)}?name=open%2Fcors.txt`, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers':
          'authorization,x-goog-upload-protocol,x-goog-upload-command',
      },
    });
    expect(pre.status).toBeLessThan(300);
    expect(pre.headers.get('access-control-allow-origin')).toMatch(
      /^(\*|http:\/\/localhost:5173)$/,
    );
    expect(pre.headers.get('access-control-allow-methods')).toMatch(/POST/);
    expect(pre.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(
      'x-goog-upload-command',
    );
    const start = await fetch(`${objectUrl(emu, bucket)}?name=open%2Fcors.txt`, {
      method: 'POST',
      headers: {
        Origin: origin,
        'X-Goog-Upload-Protocol': 'resumable',
        'X-Goog-Upload-Command': 'start',
        'Content-Type': 'application/json',
      },
      body: '{}',
    });
    expect(start.status).toBe(200);
    const exposed = (start.headers.get('access-control-expose-headers') ?? '').toLowerCase();
    for (const h of ['x-goog-upload-url', 'x-goog-upload-status', 'x-goog-upload-size-received']) {
      expect(exposed).toContain(h);
    }
  });
});

describe.skipIf(USING_EXTERNAL)('POST /internal/reset', () => {
  it('deletes every object and upload', async () => {
    const own = await startEmulatorUnderTest();
    const c = new Clients(own, uniqueId('reset'));
    try {
      const s = c.storage('alice');
      await uploadString(ref(s, 'open/r.txt'), 'r');
      expect((await fetch(`${own.url}/internal/reset`, { method: 'POST' })).status).toBe(200);
      await expect(getMetadata(ref(s, 'open/r.txt'))).rejects.toMatchObject({
        code: 'storage/object-not-found',
      });
    } finally {
      await c.cleanup();
      await own.close();
    }
  });
});

describe.skipIf(USING_EXTERNAL)('quota-exceeded (402), when a quota is configured', () => {
  let quotaEmu: EmulatorUnderTest;
  let quotaClients: Clients;
  beforeAll(async () => {
    quotaEmu = await startEmulatorUnderTest({ quotaBytes: 1000 });
    quotaClients = new Clients(quotaEmu, uniqueId('quota'));
  });
  afterAll(async () => {
    await quotaClients?.cleanup();
    await quotaEmu?.close();
  });

  it('refuses writes past the total quota and frees space on delete and overwrite', async () => {
    const s = quotaClients.storage('alice');
    await uploadBytes(ref(s, 'open/a.bin'), testBytes(600));
    const quota = { code: 'storage/quota-exceeded', status: 402 };
    await expect(uploadBytes(ref(s, 'open/b.bin'), testBytes(600))).rejects.toMatchObject(quota);
    await expect(
      uploadBytesResumable(ref(s, 'open/c.bin'), testBytes(300_000)),
    ).rejects.toMatchObject(quota);
    // Overwriting counts only the difference.
    await uploadBytes(ref(s, 'open/a.bin'), testBytes(900));
    await deleteObject(ref(s, 'open/a.bin'));
    await uploadBytes(ref(s, 'open/b.bin'), testBytes(600));
    const raw = await fetch(`${objectUrl(quotaEmu, quotaClients.bucket)}?name=open%2Fd.bin`, {
      method: 'POST',
      headers: {
        'X-Goog-Upload-Protocol': 'multipart',
        'Content-Type': 'multipart/related; boundary=B',
      },
      body: `--B\r\n\r\n{}\r\n--B\r\n\r\n${'x'.repeat(500)}\r\n--B--`,
    });
    await expectJsonError(raw, 402);
  });

  it('is off by default', async () => {
    const s = clients.storage('alice');
    await uploadBytes(ref(s, 'open/big-no-quota.bin'), testBytes(300_000));
  });
});

describe.skipIf(USING_EXTERNAL)('without a rules file', () => {
  let bare: EmulatorUnderTest;
  let bareClients: Clients;
  beforeAll(async () => {
    bare = await startEmulatorUnderTest({}, { loadRules: false });
    bareClients = new Clients(bare, uniqueId('norules'));
  });
  afterAll(async () => {
    await bareClients?.cleanup();
    await bare?.close();
  });

  it('denies every /v0 request (403) except owner, until rules are set', async () => {
    const alice = bareClients.storage('alice');
    const anonymous = bareClients.storage(null);
    const owner = bareClients.storage('owner');
    await expect(uploadString(ref(alice, 'open/x.txt'), 'x')).rejects.toMatchObject({
      code: 'storage/unauthorized',
    });
    await expect(getMetadata(ref(anonymous, 'open/x.txt'))).rejects.toMatchObject({
      code: 'storage/unauthorized',
    });
    await expectJsonError(await fetch(objectUrl(bare, bareClients.bucket, 'open/x.txt')), 403);
    await uploadString(ref(owner, 'open/x.txt'), 'by owner');
    expect((await setRules(bare, CONFORMANCE_RULES)).status).toBe(200);
    expect(new TextDecoder().decode(await getBytes(ref(alice, 'open/x.txt')))).toBe('by owner');
  });
});
