/** list / listAll (prefix, delimiter, maxResults, pageToken), deleteObject and updateMetadata. */
import {
  deleteObject,
  getBytes,
  getMetadata,
  list,
  listAll,
  ref,
  updateMetadata,
  uploadString,
  type FirebaseStorage,
} from 'firebase/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Clients,
  expectJsonError,
  objectUrl,
  startEmulatorUnderTest,
  uniqueId,
  type EmulatorUnderTest,
} from './helpers';

let emu: EmulatorUnderTest;
let clients: Clients;
const bucket = uniqueId('list');
let storage: FirebaseStorage;

const TREE = [
  'open/l/a.txt',
  'open/l/b.txt',
  'open/l/sub/c.txt',
  'open/l/sub/deeper/d.txt',
  'open/l/z/e.txt',
  'open/l/m.txt',
];

beforeAll(async () => {
  emu = await startEmulatorUnderTest();
  clients = new Clients(emu, bucket);
  storage = clients.storage('alice');
  for (const name of TREE) await uploadString(ref(storage, name), name);
});

afterAll(async () => {
  await clients?.cleanup();
  await emu?.close();
});

const names = (refs: { fullPath: string }[]) => refs.map((r) => r.fullPath);

describe('list and listAll', () => {
  it('listAll returns direct items and sub-prefixes, sorted', async () => {
    const res = await listAll(ref(storage, 'open/l'));
    expect(names(res.items)).toEqual(['open/l/a.txt', 'open/l/b.txt', 'open/l/m.txt']);
    expect(names(res.prefixes)).toEqual(['open/l/sub', 'open/l/z']);
    const sub = await listAll(ref(storage, 'open/l/sub'));
    expect(names(sub.items)).toEqual(['open/l/sub/c.txt']);
    expect(names(sub.prefixes)).toEqual(['open/l/sub/deeper']);
  });

  it('list pages with maxResults and pageToken cover the same entries', async () => {
    const seenItems: string[] = [];
    const seenPrefixes: string[] = [];
    let pageToken: string | undefined;
    let pages = 0;
    do {
      const page = await list(ref(storage, 'open/l'), { maxResults: 2, pageToken });
      expect(page.items.length + page.prefixes.length).toBeLessThanOrEqual(2);
      seenItems.push(...names(page.items));
      seenPrefixes.push(...names(page.prefixes));
      pageToken = page.nextPageToken;
      pages++;
    } while (pageToken);
    expect(pages).toBe(3);
    expect(seenItems).toEqual(['open/l/a.txt', 'open/l/b.txt', 'open/l/m.txt']);
    expect(seenPrefixes).toEqual(['open/l/sub', 'open/l/z']);

    const one = await list(ref(storage, 'open/l'), { maxResults: 1 });
    expect(one.items.length + one.prefixes.length).toBe(1);
    expect(one.nextPageToken).toBeTruthy();
    const all = await list(ref(storage, 'open/l'), { maxResults: 1000 });
    expect(all.nextPageToken).toBeUndefined();
  });

  it('lists the bucket root and empty folders', async () => {
    const root = await listAll(ref(storage));
    expect(names(root.prefixes)).toEqual(['open']);
    expect(root.items).toEqual([]);
    const empty = await listAll(ref(storage, 'open/nothing-here'));
    expect(empty.items).toEqual([]);
    expect(empty.prefixes).toEqual([]);
  });

  it('the SDK refuses maxResults outside 1..1000 with storage/invalid-argument', async () => {
    // The SDK validates before sending (it throws synchronously).
    for (const maxResults of [0, 1001]) {
      await expect(
        Promise.resolve().then(() => list(ref(storage, 'open/l'), { maxResults })),
      ).rejects.toMatchObject({ code: 'storage/invalid-argument' });
    }
  });

  it('the raw endpoint validates maxResults (1..1000), pageToken and prefix; no delimiter lists recursively', async () => {
    const base = objectUrl(emu, bucket);
    const get = (qs: string) =>
      fetch(`${base}?${qs}`, { headers: { Authorization: 'Firebase owner' } });
    for (const bad of ['0', '1001', '-1', 'abc', '1.5']) {
      await expectJsonError(await get(`prefix=open%2Fl%2F&delimiter=%2F&maxResults=${bad}`), 400);
    }
    await expectJsonError(await get('prefix=open%2Fl%2F&delimiter=%2F&pageToken=%21%21%21'), 400);
    await expectJsonError(await get('prefix=open%2Fl&delimiter=%2F'), 400);

    const recursive = await get('prefix=open%2Fl%2Fsub%2F');
    expect(recursive.status).toBe(200);
    const body = (await recursive.json()) as {
      items: { name: string; bucket: string }[];
      prefixes: string[];
    };
    expect(body.items).toEqual([
      { name: 'open/l/sub/c.txt', bucket },
      { name: 'open/l/sub/deeper/d.txt', bucket },
    ]);
    expect(body.prefixes).toEqual([]);

    const ok = await get('prefix=open%2Fl%2F&delimiter=%2F&maxResults=1000');
    expect(ok.status).toBe(200);
    const page = (await ok.json()) as { prefixes: string[] };
    expect(page.prefixes).toEqual(['open/l/sub/', 'open/l/z/']);
  });
});

describe('deleteObject', () => {
  it('deletes, then the object is gone; deleting again is object-not-found', async () => {
    const r = ref(storage, 'open/del/x.txt');
    await uploadString(r, 'bye');
    await deleteObject(r);
    await expect(getMetadata(r)).rejects.toMatchObject({ code: 'storage/object-not-found' });
    await expect(getBytes(r)).rejects.toMatchObject({ code: 'storage/object-not-found' });
    await expect(deleteObject(r)).rejects.toMatchObject({ code: 'storage/object-not-found' });
    expect(names((await listAll(ref(storage, 'open/del'))).items)).toEqual([]);
  });
});

describe('updateMetadata', () => {
  it('sets and deletes fields (null deletes) and bumps metageneration only', async () => {
    const r = ref(storage, 'open/meta/u.txt');
    const created = await uploadString(r, 'content', 'raw', {
      contentType: 'text/plain',
      cacheControl: 'no-cache',
      customMetadata: { keep: '1', drop: '2' },
    });
    await new Promise((res) => setTimeout(res, 5));
    const updated = await updateMetadata(r, {
      contentType: 'text/html',
      cacheControl: null as unknown as undefined,
      contentLanguage: 'fr',
      customMetadata: { drop: null as unknown as string, added: 'yes' },
    });
    expect(updated.contentType).toBe('text/html');
    expect(updated.cacheControl).toBeUndefined();
    expect(updated.contentLanguage).toBe('fr');
    expect(updated.customMetadata).toEqual({ keep: '1', added: 'yes' });
    expect(updated.generation).toBe(created.metadata.generation);
    expect(updated.metageneration).toBe('2');
    expect(updated.size).toBe(created.metadata.size);
    expect(updated.md5Hash).toBe(created.metadata.md5Hash);
    expect(Date.parse(updated.updated)).toBeGreaterThan(Date.parse(created.metadata.updated));
    expect(updated.timeCreated).toBe(created.metadata.timeCreated);

    const fetched = await getMetadata(r);
    expect(fetched.customMetadata).toEqual({ keep: '1', added: 'yes' });
    expect(fetched.cacheControl).toBeUndefined();

    const cleared = await updateMetadata(r, {
      customMetadata: null as unknown as Record<string, string>,
    });
    expect(cleared.customMetadata).toBeUndefined();
    expect(cleared.metageneration).toBe('3');
    expect(new TextDecoder().decode(await getBytes(r))).toBe('content');
  });

  it('is object-not-found for a missing object, and rejects a malformed body', async () => {
    await expect(
      updateMetadata(ref(storage, 'open/meta/missing'), { contentType: 'x/y' }),
    ).rejects.toMatchObject({
      code: 'storage/object-not-found',
    });
    await uploadString(ref(storage, 'open/meta/raw.txt'), 'x');
    const url = objectUrl(emu, bucket, 'open/meta/raw.txt');
    const patch = (body: string) =>
      fetch(url, { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body });
    await expectJsonError(await patch('{not json'), 400);
    await expectJsonError(await patch('[1,2]'), 400);
    await expectJsonError(await patch('{"contentType":5}'), 400);
    await expectJsonError(await patch('{"metadata":"flat"}'), 400);
  });

  it('download tokens can be replaced through custom metadata, which revokes the old URL', async () => {
    const r = ref(storage, 'open/meta/tokens.txt');
    await uploadString(r, 'tok');
    const first = await fetch(objectUrl(emu, bucket, 'open/meta/tokens.txt'));
    const oldToken = ((await first.json()) as { downloadTokens: string }).downloadTokens;
    await updateMetadata(r, { customMetadata: { firebaseStorageDownloadTokens: 'fresh-token' } });
    const after = (await (await fetch(objectUrl(emu, bucket, 'open/meta/tokens.txt'))).json()) as {
      downloadTokens: string;
      metadata?: Record<string, string>;
    };
    expect(after.downloadTokens).toBe('fresh-token');
    expect(after.metadata?.firebaseStorageDownloadTokens).toBeUndefined();
    const media = `${objectUrl(emu, bucket, 'open/meta/tokens.txt')}?alt=media&token=`;
    expect((await fetch(media + 'fresh-token')).status).toBe(200);
    await expectJsonError(await fetch(media + oldToken), 403);
  });
});
