/**
 * Multipart uploads, metadata, download URLs with tokens and alt=media downloads, driven by the
 * unmodified firebase/storage web SDK.
 */
import { createHash } from 'node:crypto';
import {
  getBytes,
  getDownloadURL,
  getMetadata,
  ref,
  uploadBytes,
  uploadBytesResumable,
  uploadString,
} from 'firebase/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Clients,
  expectJsonError,
  sameBytes,
  startEmulatorUnderTest,
  testBytes,
  uniqueId,
  type EmulatorUnderTest,
} from './helpers';

let emu: EmulatorUnderTest;
let clients: Clients;
const bucket = uniqueId('updown');

beforeAll(async () => {
  emu = await startEmulatorUnderTest();
  clients = new Clients(emu, bucket);
});

afterAll(async () => {
  await clients?.cleanup();
  await emu?.close();
});

const md5 = (data: Uint8Array) => createHash('md5').update(data).digest('base64');

describe('multipart upload (uploadBytes / uploadString)', () => {
  it('stores bytes and returns complete metadata', async () => {
    const storage = clients.storage('alice');
    const data = new TextEncoder().encode('hello, storage');
    const before = Date.now();
    const result = await uploadBytes(ref(storage, 'open/dir/hello.txt'), data, {
      contentType: 'text/plain',
      cacheControl: 'public, max-age=60',
      contentDisposition: 'inline',
      contentLanguage: 'en',
      customMetadata: { purpose: 'test', n: '1' },
    });
    const m = result.metadata;
    expect(m.bucket).toBe(bucket);
    expect(m.fullPath).toBe('open/dir/hello.txt');
    expect(m.name).toBe('hello.txt');
    expect(m.size).toBe(data.length);
    expect(m.contentType).toBe('text/plain');
    expect(m.cacheControl).toBe('public, max-age=60');
    expect(m.contentDisposition).toBe('inline');
    expect(m.contentLanguage).toBe('en');
    expect(m.customMetadata).toEqual({ purpose: 'test', n: '1' });
    expect(m.md5Hash).toBe(md5(data));
    expect(m.generation).toMatch(/^\d+$/);
    expect(m.metageneration).toBe('1');
    expect(Date.parse(m.timeCreated)).toBeGreaterThanOrEqual(before - 1000);
    expect(m.updated).toBe(m.timeCreated);
    expect(m.ref?.fullPath).toBe('open/dir/hello.txt');

    const again = await getMetadata(ref(storage, 'open/dir/hello.txt'));
    expect(again).toMatchObject({
      bucket,
      fullPath: 'open/dir/hello.txt',
      size: data.length,
      md5Hash: m.md5Hash,
      generation: m.generation,
      customMetadata: { purpose: 'test', n: '1' },
    });
  });

  it('uploadString and a small uploadBytesResumable use multipart and round-trip', async () => {
    const storage = clients.storage();
    await uploadString(ref(storage, 'open/s.txt'), 'data-url payload', 'raw', {
      contentType: 'text/plain',
    });
    expect(new TextDecoder().decode(await getBytes(ref(storage, 'open/s.txt')))).toBe(
      'data-url payload',
    );

    await uploadString(
      ref(storage, 'open/b64.bin'),
      Buffer.from('base64!').toString('base64'),
      'base64',
    );
    const meta = await getMetadata(ref(storage, 'open/b64.bin'));
    expect(meta.contentType).toBe('application/octet-stream');
    expect(new TextDecoder().decode(await getBytes(ref(storage, 'open/b64.bin')))).toBe('base64!');

    const small = testBytes(200 * 1024, 7);
    const snap = await uploadBytesResumable(ref(storage, 'open/small.bin'), small);
    expect(snap.metadata.size).toBe(small.length);
    expect(sameBytes(await getBytes(ref(storage, 'open/small.bin')), small)).toBe(true);
  });

  it('handles names with spaces, unicode and reserved characters', async () => {
    const storage = clients.storage();
    const name = 'open/weird dir/ünïcødé +%&?#=.txt';
    await uploadString(ref(storage, name), 'x');
    const meta = await getMetadata(ref(storage, name));
    expect(meta.fullPath).toBe(name);
    expect(new TextDecoder().decode(await getBytes(ref(storage, name)))).toBe('x');
    const url = await getDownloadURL(ref(storage, name));
    expect(await (await fetch(url)).text()).toBe('x');
  });

  it('overwrites an object with a new generation', async () => {
    const storage = clients.storage();
    const r = ref(storage, 'open/overwrite.txt');
    const first = await uploadString(r, 'one');
    const second = await uploadString(r, 'second');
    expect(BigInt(second.metadata.generation)).toBeGreaterThan(BigInt(first.metadata.generation));
    expect(new TextDecoder().decode(await getBytes(r))).toBe('second');
  });

  it('uploads an empty object', async () => {
    const storage = clients.storage();
    const r = ref(storage, 'open/empty');
    const res = await uploadBytes(r, new Uint8Array(0));
    expect(res.metadata.size).toBe(0);
    expect((await getBytes(r)).byteLength).toBe(0);
  });
});

describe('downloads', () => {
  it('getDownloadURL returns a token URL that downloads without auth; a wrong token is 403', async () => {
    const storage = clients.storage('alice');
    const data = testBytes(1000, 3);
    await uploadBytes(ref(storage, 'signed/photo.jpg'), data, { contentType: 'image/jpeg' });
    const url = await getDownloadURL(ref(storage, 'signed/photo.jpg'));
    const parsed = new URL(url);
    expect(`${parsed.protocol}//${parsed.host}`).toBe(emu.url);
    expect(parsed.pathname).toBe(`/v0/b/${bucket}/o/${encodeURIComponent('signed/photo.jpg')}`);
    expect(parsed.searchParams.get('alt')).toBe('media');
    const token = parsed.searchParams.get('token');
    expect(token).toBeTruthy();

    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(data);

    const wrong = new URL(url);
    wrong.searchParams.set('token', 'not-the-token');
    await expectJsonError(await fetch(wrong), 403);

    // Without a token and without auth, the rules decide (signed/ needs sign-in).
    const bare = new URL(url);
    bare.searchParams.delete('token');
    await expectJsonError(await fetch(bare), 403);
  });

  it('metadata exposes downloadTokens and getBytes uses the auth header', async () => {
    const storage = clients.storage('bob');
    await uploadString(ref(storage, 'signed/t.txt'), 'token me');
    const raw = await fetch(`${emu.url}/v0/b/${bucket}/o/${encodeURIComponent('signed/t.txt')}`, {
      headers: { Authorization: `Firebase ${'owner'}` },
    });
    const json = (await raw.json()) as Record<string, unknown>;
    expect(typeof json.downloadTokens).toBe('string');
    expect((json.downloadTokens as string).length).toBeGreaterThan(0);
    expect(json.name).toBe('signed/t.txt');
    expect(json.size).toBe('8');

    expect(new TextDecoder().decode(await getBytes(ref(storage, 'signed/t.txt')))).toBe('token me');
    const anonymous = clients.storage(null);
    await expect(getBytes(ref(anonymous, 'signed/t.txt'))).rejects.toMatchObject({
      code: 'storage/unauthorized',
    });
  });

  it('honours Range requests (getBytes with maxDownloadSizeBytes)', async () => {
    const storage = clients.storage();
    const data = testBytes(5000, 9);
    await uploadBytes(ref(storage, 'open/range.bin'), data);
    const part = new Uint8Array(await getBytes(ref(storage, 'open/range.bin'), 100));
    expect(part).toEqual(data.subarray(0, part.length));
    expect(part.length).toBeLessThanOrEqual(101);

    const res = await fetch(
      `${emu.url}/v0/b/${bucket}/o/${encodeURIComponent('open/range.bin')}?alt=media`,
      {
        headers: { Range: 'bytes=10-19' },
      },
    );
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('bytes 10-19/5000');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(data.subarray(10, 20));
  });
});
