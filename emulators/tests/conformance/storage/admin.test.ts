/**
 * firebase-admin's storage (@google-cloud/storage) via FIREBASE_STORAGE_EMULATOR_HOST: object
 * metadata incl. metadata.firebaseStorageDownloadTokens, exists(), download, getDownloadURL(),
 * listing, simple and resumable saves, setMetadata and delete. Admin requests bypass rules.
 */
import { createHash } from 'node:crypto';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getDownloadURL, getStorage } from 'firebase-admin/storage';
import { getBytes, getMetadata, ref, uploadBytes } from 'firebase/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Clients,
  expectJsonError,
  startEmulatorUnderTest,
  testBytes,
  uniqueId,
  type EmulatorUnderTest,
} from './helpers';

let emu: EmulatorUnderTest;
let clients: Clients;
let app: App;
const bucket = uniqueId('admin');

beforeAll(async () => {
  emu = await startEmulatorUnderTest();
  clients = new Clients(emu, bucket);
  delete process.env.STORAGE_EMULATOR_HOST;
  process.env.FIREBASE_STORAGE_EMULATOR_HOST = emu.hostPort;
  app = initializeApp(
    { projectId: 'demo-conformance', storageBucket: bucket },
    uniqueId('admin-app'),
  );
});

afterAll(async () => {
  if (app) await deleteApp(app);
  await clients?.cleanup();
  await emu?.close();
});

const md5 = (b: Uint8Array) => createHash('md5').update(b).digest('base64');

describe('firebase-admin storage against the emulator', () => {
  it('reads metadata (with download tokens), checks existence and downloads', async () => {
    const data = testBytes(3000, 8);
    const alice = clients.storage('alice');
    const uploaded = await uploadBytes(ref(alice, 'Challenge/alice/c1/Day2-lunch.jpg'), data, {
      contentType: 'image/jpeg',
      customMetadata: { meal: 'lunch' },
    });

    const file = getStorage(app).bucket().file('Challenge/alice/c1/Day2-lunch.jpg');
    const [meta] = await file.getMetadata();
    expect(meta).toMatchObject({
      kind: 'storage#object',
      name: 'Challenge/alice/c1/Day2-lunch.jpg',
      bucket,
      size: '3000',
      contentType: 'image/jpeg',
      md5Hash: md5(data),
      generation: uploaded.metadata.generation,
      metageneration: '1',
    });
    expect(meta.metadata?.meal).toBe('lunch');
    const tokens = String(meta.metadata?.firebaseStorageDownloadTokens ?? '');
    expect(tokens.length).toBeGreaterThan(0);

    expect((await file.exists())[0]).toBe(true);
    expect((await getStorage(app).bucket().file('Challenge/alice/c1/none.jpg').exists())[0]).toBe(
      false,
    );

    const [downloaded] = await file.download();
    expect(new Uint8Array(downloaded)).toEqual(data);

    // getDownloadURL() reads /v0 metadata without credentials; admin still bypasses the rules.
    const url = await getDownloadURL(file);
    expect(url).toContain(`token=${tokens.split(',')[0]}`);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(data);
  });

  it('a missing object is a JSON 404 with error.code', async () => {
    const res = await fetch(`${emu.url}/b/${bucket}/o/${encodeURIComponent('nope/x.txt')}?`);
    await expectJsonError(res, 404);
    await expect(getStorage(app).bucket().file('nope/x.txt').getMetadata()).rejects.toMatchObject({
      code: 404,
    });
  });

  it('saves (simple and resumable), lists, updates metadata and deletes', async () => {
    const b = getStorage(app).bucket();
    const small = Buffer.from('seeded by admin');
    await b.file('seed/readme.txt').save(small, {
      contentType: 'text/plain',
      resumable: false,
      metadata: { metadata: { by: 'admin' } },
    });
    const big = Buffer.from(testBytes(700_000, 9));
    await b
      .file('seed/big.bin')
      .save(big, { resumable: true, contentType: 'application/octet-stream' });

    const [files] = await b.getFiles({ prefix: 'seed/' });
    expect(files.map((f) => f.name).sort()).toEqual(['seed/big.bin', 'seed/readme.txt']);
    const [bigMeta] = await b.file('seed/big.bin').getMetadata();
    expect(bigMeta.size).toBe('700000');
    expect(bigMeta.md5Hash).toBe(md5(big));
    const [readmeMeta] = await b.file('seed/readme.txt').getMetadata();
    expect(readmeMeta.metadata?.by).toBe('admin');
    expect(readmeMeta.contentType).toBe('text/plain');

    // The web SDK (owner) sees what admin wrote.
    const owner = clients.storage('owner');
    expect(new TextDecoder().decode(await getBytes(ref(owner, 'seed/readme.txt')))).toBe(
      'seeded by admin',
    );

    await b
      .file('seed/readme.txt')
      .setMetadata({ cacheControl: 'no-store', metadata: { by: null, extra: 'x' } });
    const webMeta = await getMetadata(ref(owner, 'seed/readme.txt'));
    expect(webMeta.cacheControl).toBe('no-store');
    expect(webMeta.customMetadata).toEqual({ extra: 'x' });

    await b.file('seed/readme.txt').delete();
    expect((await b.file('seed/readme.txt').exists())[0]).toBe(false);
    await expect(b.file('seed/readme.txt').delete()).rejects.toMatchObject({ code: 404 });
  });
});
