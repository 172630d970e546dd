/**
 * Resumable uploads: the SDK's chunk protocol (start / upload / finalize / query, offsets, chunk
 * growth), pause / resume / cancel of a 2 MB uploadBytesResumable, and the raw protocol edges.
 */
import { createHash } from 'node:crypto';
import * as net from 'node:net';
import {
  getBytes,
  getMetadata,
  ref,
  uploadBytesResumable,
  type UploadTask,
} from 'firebase/storage';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  Clients,
  expectJsonError,
  objectUrl,
  startEmulatorUnderTest,
  testBytes,
  uniqueId,
  type EmulatorUnderTest,
} from './helpers';

let emu: EmulatorUnderTest;
let clients: Clients;
const bucket = uniqueId('resumable');

interface SeenRequest {
  method: string;
  url: string;
  command: string | null;
  offset: string | null;
  bodyBytes: number;
  status?: number;
}
const seen: SeenRequest[] = [];
const realFetch = globalThis.fetch;
/** Called synchronously when the SDK sends a request (before it is answered). */
let onRequest: ((r: SeenRequest) => void) | null = null;

beforeAll(async () => {
  emu = await startEmulatorUnderTest();
  clients = new Clients(emu, bucket);
  // Observe what the SDK (which uses the global fetch in Node) puts on the wire.
  globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const body = init?.body;
    const bodyBytes =
      body instanceof Uint8Array
        ? body.byteLength
        : body instanceof Blob
          ? body.size
          : typeof body === 'string'
            ? Buffer.byteLength(body)
            : 0;
    const entry: SeenRequest = {
      method: init?.method ?? 'GET',
      url: String(input instanceof Request ? input.url : input),
      command: headers.get('X-Goog-Upload-Command'),
      offset: headers.get('X-Goog-Upload-Offset'),
      bodyBytes,
    };
    seen.push(entry);
    onRequest?.(entry);
    const res = await realFetch(input, init);
    entry.status = res.status;
    return res;
  };
});

afterEach(() => {
  seen.length = 0;
  onRequest = null;
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  await clients?.cleanup();
  await emu?.close();
});

const KB = 1024;
const MB = 1024 * 1024;
const sha = (d: Uint8Array) => createHash('sha256').update(d).digest('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function waitForState(task: UploadTask, state: string, timeoutMs = 10_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`task never reached ${state}`)), timeoutMs);
    const check = () => {
      if (task.snapshot.state === state) {
        clearTimeout(timer);
        unsubscribe();
        resolve();
      }
    };
    const unsubscribe = task.on('state_changed', check, () => undefined);
    check();
  });
}

describe('uploadBytesResumable over the resumable protocol', () => {
  it('uploads 600 KB in chunks starting at 256 KB: start, upload@0, "upload, finalize"@262144', async () => {
    const storage = clients.storage('alice');
    const data = testBytes(600_000, 11);
    const snap = await uploadBytesResumable(ref(storage, 'open/600k.bin'), data, {
      contentType: 'application/x-test',
      customMetadata: { via: 'resumable' },
    });
    expect(snap.state).toBe('success');
    expect(snap.metadata.size).toBe(600_000);
    expect(snap.metadata.contentType).toBe('application/x-test');
    expect(snap.metadata.customMetadata).toEqual({ via: 'resumable' });

    const uploads = seen.filter((r) => r.method === 'POST');
    expect(uploads.map((r) => [r.command, r.offset, r.bodyBytes])).toEqual([
      ['start', null, expect.any(Number)],
      ['upload', '0', 256 * KB],
      ['upload, finalize', String(256 * KB), 600_000 - 256 * KB],
    ]);
    expect(uploads.every((r) => r.status === 200)).toBe(true);
    expect(uploads[1].url).toContain('upload_id=');
    expect(sha(new Uint8Array(await getBytes(ref(storage, 'open/600k.bin'))))).toBe(sha(data));
  });

  it('grows chunks 256 KB, 512 KB, 1 MB... for a 2 MB upload', async () => {
    const storage = clients.storage('alice');
    const data = testBytes(2 * MB, 12);
    await uploadBytesResumable(ref(storage, 'open/2mb-growth.bin'), data);
    const chunks = seen
      .filter((r) => r.command?.includes('upload'))
      .map((r) => [r.offset, r.bodyBytes]);
    expect(chunks).toEqual([
      ['0', 256 * KB],
      [String(256 * KB), 512 * KB],
      [String(768 * KB), 1024 * KB],
      [String(1792 * KB), 256 * KB],
    ]);
    expect(seen.filter((r) => r.command?.includes('upload')).at(-1)?.command).toBe(
      'upload, finalize',
    );
  });

  it('pauses a 2 MB upload mid-way, stays paused, resumes and completes byte for byte', async () => {
    const storage = clients.storage('alice');
    const data = testBytes(2 * MB, 13);
    const task = uploadBytesResumable(ref(storage, 'open/paused.bin'), data, {
      contentType: 'image/png',
    });
    const progress: number[] = [];
    let pausedOnce = false;
    task.on('state_changed', (snap) => {
      progress.push(snap.bytesTransferred);
      if (!pausedOnce && snap.bytesTransferred > 0 && snap.bytesTransferred < snap.totalBytes) {
        pausedOnce = true;
        expect(task.pause()).toBe(true);
      }
    });
    await waitForState(task, 'paused');
    const pausedAt = task.snapshot.bytesTransferred;
    expect(pausedAt).toBeGreaterThan(0);
    expect(pausedAt).toBeLessThan(2 * MB);
    const requestsWhilePaused = seen.length;
    await sleep(400);
    expect(task.snapshot.state).toBe('paused');
    expect(task.snapshot.bytesTransferred).toBe(pausedAt);
    // Nothing new is sent while paused (a request already in flight may still complete).
    expect(seen.length - requestsWhilePaused).toBeLessThanOrEqual(0);

    // While paused the object does not exist yet.
    await expect(getMetadata(ref(storage, 'open/paused.bin'))).rejects.toMatchObject({
      code: 'storage/object-not-found',
    });

    expect(task.resume()).toBe(true);
    const snap = await task;
    expect(snap.state).toBe('success');
    expect(snap.bytesTransferred).toBe(2 * MB);
    expect(snap.metadata.size).toBe(2 * MB);
    expect(Math.max(...progress)).toBe(2 * MB);
    expect(sha(new Uint8Array(await getBytes(ref(storage, 'open/paused.bin'))))).toBe(sha(data));
  });

  it('pausing while a chunk is in flight pauses after it and resumes from there', async () => {
    const storage = clients.storage('alice');
    const data = testBytes(2 * MB, 16);
    const task = uploadBytesResumable(ref(storage, 'open/paused-inflight.bin'), data);
    onRequest = (r) => {
      if (r.command === 'upload' && r.offset === String(256 * KB)) {
        onRequest = null;
        task.pause(); // Node's fetch cannot abort: the chunk lands, then the task pauses
      }
    };
    await waitForState(task, 'paused');
    expect(task.snapshot.bytesTransferred).toBe(768 * KB);
    await sleep(200);
    task.resume();
    const snap = await task;
    expect(snap.state).toBe('success');
    expect(sha(new Uint8Array(await getBytes(ref(storage, 'open/paused-inflight.bin'))))).toBe(
      sha(data),
    );
  });

  it('a chunk whose answer is lost (503) is followed by query and resumes at the size the server reports', async () => {
    const storage = clients.storage('alice');
    const data = testBytes(2 * MB, 17);
    const task = uploadBytesResumable(ref(storage, 'open/lost-answer.bin'), data);
    let dropped = false;
    const wrapped = globalThis.fetch;
    globalThis.fetch = async (input, init) => {
      const res = await wrapped(input, init);
      const command = new Headers(init?.headers).get('X-Goog-Upload-Command');
      if (
        !dropped &&
        command === 'upload' &&
        new Headers(init?.headers).get('X-Goog-Upload-Offset') === String(256 * KB)
      ) {
        dropped = true; // the server stored the chunk, but the client sees a 503
        await res.arrayBuffer();
        return new Response('{"error":{"code":503,"message":"lost"}}', { status: 503 });
      }
      return res;
    };
    try {
      const snap = await task;
      expect(snap.state).toBe('success');
    } finally {
      globalThis.fetch = wrapped;
    }
    const commands = seen.map((r) => [r.command, r.offset]);
    const queryAt = commands.findIndex(([c]) => c === 'query');
    expect(queryAt).toBeGreaterThan(0);
    // The server had all 768 KB, so the SDK goes on from there (chunk size reset to 256 KB).
    expect(seen[queryAt + 1]).toMatchObject({
      command: 'upload',
      offset: String(768 * KB),
      bodyBytes: 256 * KB,
    });
    expect(sha(new Uint8Array(await getBytes(ref(storage, 'open/lost-answer.bin'))))).toBe(
      sha(data),
    );
  });

  it('cancels a 2 MB upload: storage/canceled and no object is left', async () => {
    const storage = clients.storage('alice');
    const data = testBytes(2 * MB, 14);
    const task = uploadBytesResumable(ref(storage, 'open/canceled.bin'), data);
    let canceled = false;
    task.on('state_changed', (snap) => {
      if (!canceled && snap.bytesTransferred > 0) {
        canceled = true;
        expect(task.cancel()).toBe(true);
      }
    });
    await expect(task).rejects.toMatchObject({ code: 'storage/canceled' });
    expect(task.snapshot.state).toBe('canceled');
    await sleep(500); // let any request that was in flight land
    await expect(getMetadata(ref(storage, 'open/canceled.bin'))).rejects.toMatchObject({
      code: 'storage/object-not-found',
    });
  });

  it('cancel before any byte was sent also leaves nothing', async () => {
    const storage = clients.storage('alice');
    const task = uploadBytesResumable(ref(storage, 'open/canceled-early.bin'), testBytes(MB, 15));
    task.cancel();
    await expect(task).rejects.toMatchObject({ code: 'storage/canceled' });
    await expect(getMetadata(ref(storage, 'open/canceled-early.bin'))).rejects.toMatchObject({
      code: 'storage/object-not-found',
    });
  });

  it('a rules denial at start or at finalize fails the task with storage/unauthorized', async () => {
    const anonymous = clients.storage(null);
    await expect(
      uploadBytesResumable(ref(anonymous, 'signed/nope.bin'), testBytes(300 * KB)),
    ).rejects.toMatchObject({
      code: 'storage/unauthorized',
    });
    const alice = clients.storage('alice');
    // 5 MB + 1 byte image into alice's own folder: refused by the size rule.
    await expect(
      uploadBytesResumable(ref(alice, 'Challenge/alice/c1/big.jpg'), testBytes(5 * MB + 1), {
        contentType: 'image/jpeg',
      }),
    ).rejects.toMatchObject({ code: 'storage/unauthorized' });
    await expect(getMetadata(ref(alice, 'Challenge/alice/c1/big.jpg'))).rejects.toMatchObject({
      code: 'storage/object-not-found',
    });
  });
});

describe('raw resumable protocol', () => {
  async function start(name: string, size: number | null, metadata: Record<string, unknown> = {}) {
    const headers: Record<string, string> = {
      'X-Goog-Upload-Protocol': 'resumable',
      'X-Goog-Upload-Command': 'start',
      'Content-Type': 'application/json; charset=utf-8',
    };
    if (size !== null) headers['X-Goog-Upload-Header-Content-Length'] = String(size);
    const res = await realFetch(`${objectUrl(emu, bucket)}?name=${encodeURIComponent(name)}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name, contentType: 'application/octet-stream', ...metadata }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-goog-upload-status')).toBe('active');
    const url = res.headers.get('x-goog-upload-url');
    expect(url).toMatch(/^http:\/\/.+upload_id=/);
    return url!;
  }
  const send = (url: string, command: string, offset: number | string | null, body?: Uint8Array) =>
    realFetch(url, {
      method: 'POST',
      headers: {
        'X-Goog-Upload-Command': command,
        ...(offset !== null ? { 'X-Goog-Upload-Offset': String(offset) } : {}),
      },
      body: body as BodyInit | undefined,
    });

  it('query reports bytes received; a retransmitted chunk at an earlier offset is accepted', async () => {
    const data = testBytes(300_000, 21);
    const url = await start('open/raw1.bin', data.length);
    let res = await send(url, 'upload', 0, data.subarray(0, 200_000));
    expect(res.status).toBe(200);
    expect(res.headers.get('x-goog-upload-status')).toBe('active');

    res = await send(url, 'query', null);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-goog-upload-status')).toBe('active');
    expect(res.headers.get('x-goog-upload-size-received')).toBe('200000');

    // Client lost the answer and resends from 100000: the server rewinds to that offset.
    res = await send(url, 'upload', 100_000, data.subarray(100_000, 250_000));
    expect(res.status).toBe(200);
    res = await send(url, 'query', null);
    expect(res.headers.get('x-goog-upload-size-received')).toBe('250000');

    // An offset beyond what was received is refused.
    await expectJsonError(await send(url, 'upload', 260_000, data.subarray(260_000)), 400);
    await expectJsonError(await send(url, 'upload', 'abc', data.subarray(250_000)), 400);

    res = await send(url, 'upload, finalize', 250_000, data.subarray(250_000));
    expect(res.status).toBe(200);
    expect(res.headers.get('x-goog-upload-status')).toBe('final');
    const meta = (await res.json()) as Record<string, string>;
    expect(meta.size).toBe('300000');
    expect(meta.name).toBe('open/raw1.bin');

    res = await send(url, 'query', null);
    expect(res.headers.get('x-goog-upload-status')).toBe('final');
    expect(res.headers.get('x-goog-upload-size-received')).toBe('300000');

    // A repeated finalize replays the final answer; more data is refused.
    res = await send(url, 'finalize', 300_000);
    expect(res.status).toBe(200);
    expect(((await res.json()) as Record<string, string>).generation).toBe(meta.generation);
    await expectJsonError(await send(url, 'upload', 300_000, new Uint8Array(10)), 400);

    const bytes = new Uint8Array(
      await (await realFetch(`${objectUrl(emu, bucket, 'open/raw1.bin')}?alt=media`)).arrayBuffer(),
    );
    expect(sha(bytes)).toBe(sha(data));
  });

  it('finalize with fewer bytes than declared, too many bytes, bad commands and unknown uploads are 4xx', async () => {
    const url = await start('open/raw2.bin', 1000);
    await expectJsonError(await send(url, 'upload, finalize', 0, new Uint8Array(500)), 400);
    await expectJsonError(await send(url, 'upload', 500, new Uint8Array(600)), 400);
    await expectJsonError(await send(url, 'explode', 0, new Uint8Array(1)), 400);
    const unknown = url.replace(/upload_id=[^&]+/, 'upload_id=doesnotexist');
    await expectJsonError(await send(unknown, 'query', null), 404);
    // Still usable afterwards.
    const res = await send(url, 'upload, finalize', 500, new Uint8Array(500));
    expect(res.status).toBe(200);
  });

  it('a start without a name is 400; a start without a declared size finalizes on command', async () => {
    const res = await realFetch(objectUrl(emu, bucket), {
      method: 'POST',
      headers: { 'X-Goog-Upload-Protocol': 'resumable', 'X-Goog-Upload-Command': 'start' },
      body: '{}',
    });
    await expectJsonError(res, 400);
    const url = await start('open/raw3.bin', null);
    expect((await send(url, 'upload', 0, new Uint8Array(10))).status).toBe(200);
    const done = await send(url, 'finalize', 10);
    expect(done.status).toBe(200);
    expect(((await done.json()) as Record<string, string>).size).toBe('10');
  });

  it('keeps what arrived when a chunk request is cut off, and resumes from there', async () => {
    const data = testBytes(200_000, 22);
    const url = new URL(await start('open/cut.bin', data.length));
    await new Promise<void>((resolve) => {
      const sock = net.connect(Number(url.port), url.hostname, () => {
        sock.write(
          `POST ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\n` +
            `X-Goog-Upload-Command: upload, finalize\r\nX-Goog-Upload-Offset: 0\r\n` +
            `Content-Length: ${data.length}\r\n\r\n`,
        );
        sock.write(data.subarray(0, 100_000), () => setTimeout(() => sock.destroy(), 200));
      });
      sock.on('close', () => resolve());
      sock.on('error', () => resolve());
    });
    const q = await send(url.toString(), 'query', null);
    expect(q.headers.get('x-goog-upload-status')).toBe('active');
    const received = Number(q.headers.get('x-goog-upload-size-received'));
    expect(received).toBe(100_000);
    const done = await send(url.toString(), 'upload, finalize', received, data.subarray(received));
    expect(done.status).toBe(200);
    const bytes = await (
      await realFetch(`${objectUrl(emu, bucket, 'open/cut.bin')}?alt=media`)
    ).arrayBuffer();
    expect(sha(new Uint8Array(bytes))).toBe(sha(data));
  });

  it('cancel discards the upload; later commands get 404', async () => {
    const url = await start('open/raw4.bin', 100);
    expect((await send(url, 'upload', 0, new Uint8Array(50))).status).toBe(200);
    const res = await send(url, 'cancel', null);
    expect(res.status).toBe(200);
    await expectJsonError(await send(url, 'upload, finalize', 50, new Uint8Array(50)), 404);
    await expectJsonError(await realFetch(objectUrl(emu, bucket, 'open/raw4.bin')), 404);
  });
});
