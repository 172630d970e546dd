/**
 * storage.rules enforced on real SDK traffic (conformance.rules): owner-only image writes with
 * size caps, signed-in reads, custom claims, resource vs request.resource, request.time.
 */
import {
  deleteObject,
  getBytes,
  getDownloadURL,
  getMetadata,
  list,
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
  startEmulatorUnderTest,
  testBytes,
  uniqueId,
  type EmulatorUnderTest,
} from './helpers';

let emu: EmulatorUnderTest;
let clients: Clients;
const bucket = uniqueId('rules');
const MB = 1024 * 1024;
const denied = { code: 'storage/unauthorized' };

beforeAll(async () => {
  emu = await startEmulatorUnderTest();
  clients = new Clients(emu, bucket);
});

afterAll(async () => {
  await clients?.cleanup();
  await emu?.close();
});

describe('meal proofs under Challenge/{uid}/… (owner-only images, 5 MB, signed-in reads)', () => {
  const img = (type: string, size = 1000) => [testBytes(size), { contentType: type }] as const;

  it('lets the owner upload jpeg, png and webp; refuses svg, gif and other folders', async () => {
    const alice = clients.storage('alice');
    for (const type of ['image/jpeg', 'image/png', 'image/webp']) {
      const res = await uploadBytes(
        ref(alice, `Challenge/alice/c1/Day1-${type.split('/')[1]}`),
        ...img(type),
      );
      expect(res.metadata.contentType).toBe(type);
    }
    await expect(
      uploadBytes(ref(alice, 'Challenge/alice/c1/x.svg'), ...img('image/svg+xml')),
    ).rejects.toMatchObject(denied);
    await expect(
      uploadBytes(ref(alice, 'Challenge/alice/c1/x.gif'), ...img('image/gif')),
    ).rejects.toMatchObject(denied);
    await expect(
      uploadString(ref(alice, 'Challenge/alice/c1/x.txt'), 'text'),
    ).rejects.toMatchObject(denied);
    await expect(
      uploadBytes(ref(alice, 'Challenge/bob/c1/x.jpg'), ...img('image/jpeg')),
    ).rejects.toMatchObject(denied);
    const anonymous = clients.storage(null);
    await expect(
      uploadBytes(ref(anonymous, 'Challenge/alice/c1/y.jpg'), ...img('image/jpeg')),
    ).rejects.toMatchObject(denied);
  });

  it('enforces the 5 MB cap for one-shot and resumable uploads', async () => {
    const alice = clients.storage('alice');
    await expect(
      uploadBytes(ref(alice, 'Challenge/alice/c2/big.jpg'), ...img('image/jpeg', 6 * MB)),
    ).rejects.toMatchObject(denied);
    const ok = await uploadBytesResumable(
      ref(alice, 'Challenge/alice/c2/max.jpg'),
      ...img('image/jpeg', 5 * MB),
    );
    expect(ok.metadata.size).toBe(5 * MB);
    await expect(getMetadata(ref(alice, 'Challenge/alice/c2/big.jpg'))).rejects.toMatchObject({
      code: 'storage/object-not-found',
    });
  });

  it('lets any signed-in member read, nobody else; only the owner deletes', async () => {
    const alice = clients.storage('alice');
    const bob = clients.storage('bob');
    const anonymous = clients.storage(null);
    const path = 'Challenge/alice/c3/Day1-breakfast.jpg';
    await uploadBytes(ref(alice, path), ...img('image/jpeg', 2000));
    expect((await getMetadata(ref(bob, path))).size).toBe(2000);
    expect((await getBytes(ref(bob, path))).byteLength).toBe(2000);
    expect(await getDownloadURL(ref(bob, path))).toContain('token=');
    expect((await listAll(ref(bob, 'Challenge/alice/c3'))).items.map((r) => r.name)).toEqual([
      'Day1-breakfast.jpg',
    ]);
    await expect(getMetadata(ref(anonymous, path))).rejects.toMatchObject(denied);
    await expect(getBytes(ref(anonymous, path))).rejects.toMatchObject(denied);
    await expect(list(ref(anonymous, 'Challenge/alice/c3'))).rejects.toMatchObject(denied);
    // A download URL still works without sign-in: the token is the credential.
    const url = await getDownloadURL(ref(bob, path));
    expect((await fetch(url)).status).toBe(200);

    await expect(deleteObject(ref(bob, path))).rejects.toMatchObject(denied);
    await expect(
      updateMetadata(ref(bob, path), { contentType: 'image/png' }),
    ).rejects.toMatchObject(denied);
    await deleteObject(ref(alice, path));
    await expect(getMetadata(ref(bob, path))).rejects.toMatchObject({
      code: 'storage/object-not-found',
    });
  });

  it('checks updateMetadata against the resulting object (contentType must stay an image)', async () => {
    const alice = clients.storage('alice');
    const path = 'Challenge/alice/c4/p.png';
    await uploadBytes(ref(alice, path), ...img('image/png'));
    expect(
      (await updateMetadata(ref(alice, path), { contentType: 'image/webp' })).contentType,
    ).toBe('image/webp');
    await expect(
      updateMetadata(ref(alice, path), { contentType: 'text/html' }),
    ).rejects.toMatchObject(denied);
  });
});

describe('avatars/{uid}/{file} (2 MB, get only)', () => {
  it('caps avatars at 2 MB and does not allow listing', async () => {
    const alice = clients.storage('alice');
    await uploadBytes(ref(alice, 'avatars/alice/me.png'), testBytes(2 * MB), {
      contentType: 'image/png',
    });
    await expect(
      uploadBytes(ref(alice, 'avatars/alice/me.png'), testBytes(2 * MB + 1), {
        contentType: 'image/png',
      }),
    ).rejects.toMatchObject(denied);
    const bob = clients.storage('bob');
    expect((await getMetadata(ref(bob, 'avatars/alice/me.png'))).size).toBe(2 * MB);
    await expect(
      uploadString(ref(alice, 'avatars/alice/nested/x.png'), 'x', 'raw', {
        contentType: 'image/png',
      }),
    ).rejects.toMatchObject(denied);
    // listing avatars/alice is only allowed by the catch-all list rule for signed-in users
    await expect(list(ref(clients.storage(null), 'avatars/alice'))).rejects.toMatchObject(denied);
  });
});

describe('custom claims, resource vs request.resource, time, get vs list', () => {
  it('admin/ needs the admin custom claim', async () => {
    const admin = clients.storage({ uid: 'carol', claims: { admin: true } });
    const alice = clients.storage('alice');
    await uploadString(ref(admin, 'admin/report.txt'), 'secret');
    expect(new TextDecoder().decode(await getBytes(ref(admin, 'admin/report.txt')))).toBe('secret');
    await expect(getBytes(ref(alice, 'admin/report.txt'))).rejects.toMatchObject(denied);
    await expect(uploadString(ref(alice, 'admin/x.txt'), 'x')).rejects.toMatchObject(denied);
  });

  it('meta/: create needs metadata.kind; locked objects cannot be updated or deleted; update keeps size', async () => {
    const s = clients.storage('alice');
    await expect(uploadString(ref(s, 'meta/none.txt'), 'x')).rejects.toMatchObject(denied);
    await uploadString(ref(s, 'meta/a.txt'), 'abc', 'raw', { customMetadata: { kind: 'a' } });
    // An overwrite is an update: same size allowed, different size refused.
    await uploadString(ref(s, 'meta/a.txt'), 'xyz', 'raw', { customMetadata: { kind: 'a' } });
    await expect(
      uploadString(ref(s, 'meta/a.txt'), 'longer', 'raw', { customMetadata: { kind: 'a' } }),
    ).rejects.toMatchObject(denied);
    await updateMetadata(ref(s, 'meta/a.txt'), { customMetadata: { locked: 'yes' } });
    await expect(
      updateMetadata(ref(s, 'meta/a.txt'), { customMetadata: { locked: 'no' } }),
    ).rejects.toMatchObject(denied);
    await expect(deleteObject(ref(s, 'meta/a.txt'))).rejects.toMatchObject(denied);
    await uploadString(ref(s, 'meta/b.txt'), 'b', 'raw', { customMetadata: { kind: 'b' } });
    await deleteObject(ref(s, 'meta/b.txt'));
  });

  it('timed/: request.time compared with a timestamp from metadata', async () => {
    const s = clients.storage('alice');
    const future = String(Date.now() + 60_000);
    const past = String(Date.now() - 60_000);
    await uploadString(ref(s, 'timed/ok.txt'), 'x', 'raw', {
      customMetadata: { deadline: future },
    });
    await expect(
      uploadString(ref(s, 'timed/late.txt'), 'x', 'raw', { customMetadata: { deadline: past } }),
    ).rejects.toMatchObject(denied);
    // No deadline: int() of a missing key is an evaluation error, so denied.
    await expect(uploadString(ref(s, 'timed/none.txt'), 'x')).rejects.toMatchObject(denied);
  });

  it('get and list are separate operations', async () => {
    const anonymous = clients.storage(null);
    await uploadString(ref(anonymous, 'getonly/f.txt'), 'g');
    await uploadString(ref(anonymous, 'listonly/f.txt'), 'l');
    expect(new TextDecoder().decode(await getBytes(ref(anonymous, 'getonly/f.txt')))).toBe('g');
    await expect(listAll(ref(anonymous, 'getonly'))).rejects.toMatchObject(denied);
    expect((await listAll(ref(anonymous, 'listonly'))).items.map((r) => r.fullPath)).toEqual([
      'listonly/f.txt',
    ]);
    await expect(getBytes(ref(anonymous, 'listonly/f.txt'))).rejects.toMatchObject(denied);
    await expect(getMetadata(ref(anonymous, 'listonly/f.txt'))).rejects.toMatchObject(denied);
  });

  it('owner bypasses rules', async () => {
    const owner = clients.storage('owner');
    await uploadString(ref(owner, 'nowhere-allowed/x.txt'), 'root');
    expect(new TextDecoder().decode(await getBytes(ref(owner, 'nowhere-allowed/x.txt')))).toBe(
      'root',
    );
    await expect(
      getBytes(ref(clients.storage('alice'), 'nowhere-allowed/x.txt')),
    ).rejects.toMatchObject(denied);
    await deleteObject(ref(owner, 'nowhere-allowed/x.txt'));
  });
});
