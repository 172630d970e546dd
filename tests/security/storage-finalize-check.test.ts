/**
 * Storage is no free file host, and bans hold in Storage (issue 27, items 4 and 5), over the whole
 * local stack: members upload as the Firebase SDK does (the v0 multipart request, their ID token),
 * the Storage emulator announces each stored object to the Functions emulator, and the exported
 * `storedUploadCheck` function deletes what no running challenge owns (docs/security.md, "Cloud
 * Storage"). Starts its own stack on free ports.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, calendarDateInZone } from '@domain/calendar-dates';
import { dbPaths } from '@domain/data/database-paths';
import { pushKey } from '@domain/data/push-key';
import { storagePaths } from '@domain/data/storage-paths';
import {
  freeStackPorts,
  startStack,
  type RunningStack,
  type StackPorts,
} from '../../scripts/lib/stack';

const projectId = 'demo-upload-check';
const bucket = `${projectId}.appspot.com`;
let stack: RunningStack | undefined;
let ports: StackPorts;

/** How long the check may take on this shared machine before an object counts as kept for ever. */
const CHECK_DEADLINE_MS = 20_000;
/** Latencies from upload to deletion, reported once at the end. */
const deletionLatencies: number[] = [];

beforeAll(async () => {
  ports = await freeStackPorts();
  stack = await startStack({
    name: `upload-check-${process.pid}`,
    projectId,
    ports,
    log: (source, line) =>
      /error|stored-upload-check/i.test(line) && console.log(`[${source}] ${line}`),
  });
}, 600_000);

afterAll(async () => {
  await stack?.stop();
  if (deletionLatencies.length)
    console.log(`upload → deletion: ${deletionLatencies.map((ms) => `${ms} ms`).join(', ')}`);
}, 60_000);

async function writeData(path: string, value: unknown): Promise<void> {
  const url = `http://127.0.0.1:${ports.database}/${path}.json?ns=${projectId}-default-rtdb`;
  const response = await fetch(url, {
    method: 'PUT',
    headers: { Authorization: 'Bearer owner' },
    body: JSON.stringify(value),
  });
  expect(response.status, `PUT ${path}`).toBe(200);
}

async function readData(path: string): Promise<unknown> {
  const url = `http://127.0.0.1:${ports.database}/${path}.json?ns=${projectId}-default-rtdb`;
  const response = await fetch(url, { headers: { Authorization: 'Bearer owner' } });
  return response.json();
}

async function signUp(): Promise<{ uid: string; idToken: string }> {
  const response = await fetch(
    `http://127.0.0.1:${ports.auth}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `${pushKey().slice(1).toLowerCase()}@upload-check.test`,
        password: 'secret-password',
        returnSecureToken: true,
      }),
    },
  );
  expect(response.status).toBe(200);
  const { localId, idToken } = (await response.json()) as { localId: string; idToken: string };
  return { uid: localId, idToken };
}

/** A JPEG-looking photo; the check judges names, types, sizes and owners, not pixels. */
const photo = (bytes = 20_000) => {
  const data = new Uint8Array(bytes);
  data.set([0xff, 0xd8, 0xff, 0xe0]);
  return data;
};

/** The Firebase SDK's multipart upload (uploadBytes): the metadata part, then the bytes. */
async function upload(
  idToken: string,
  path: string,
  metadata: Record<string, unknown> = {},
): Promise<number> {
  const boundary = `upload${Date.now()}`;
  const head = JSON.stringify({ name: path, contentType: 'image/jpeg', ...metadata });
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n${head}\r\n--${boundary}\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    photo(),
    Buffer.from(`\r\n--${boundary}--`),
  ]);
  const response = await fetch(
    `http://127.0.0.1:${ports.storage}/v0/b/${bucket}/o?name=${encodeURIComponent(path)}`,
    {
      method: 'POST',
      headers: {
        Authorization: `Firebase ${idToken}`,
        'X-Goog-Upload-Protocol': 'multipart',
        'Content-Type': `multipart/related; boundary=${boundary}`,
      },
      body,
    },
  );
  await response.body?.cancel();
  return response.status;
}

async function isStored(path: string): Promise<boolean> {
  const response = await fetch(
    `http://127.0.0.1:${ports.storage}/v0/b/${bucket}/o/${encodeURIComponent(path)}`,
    { headers: { Authorization: 'Firebase owner' } },
  );
  await response.body?.cancel();
  if (response.status === 404) return false;
  expect(response.status).toBe(200);
  return true;
}

async function expectDeleted(path: string, uploadedAt: number): Promise<void> {
  while (Date.now() - uploadedAt < CHECK_DEADLINE_MS) {
    if (!(await isStored(path))) {
      deletionLatencies.push(Date.now() - uploadedAt);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${path} is still stored ${CHECK_DEADLINE_MS} ms after its upload`);
}

/** A fixed-offset zone where it is now between 08:00 and 09:00: breakfast (08:00–10:00) is open. */
function zoneWhereBreakfastIsOpen(now = new Date()): string {
  let offset = 8 - now.getUTCHours();
  if (offset < -12) offset += 24;
  // Etc/GMT signs are inverted: Etc/GMT-8 is UTC+8.
  return offset === 0 ? 'Etc/GMT' : offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

/** A challenge record as the API writes it, with the fields the check reads. */
async function seedChallenge(
  uid: string,
  { startDaysAgo = 0, days = 3 }: { startDaysAgo?: number; days?: number } = {},
): Promise<string> {
  const challengeId = pushKey();
  const timezone = zoneWhereBreakfastIsOpen();
  const today = calendarDateInZone(Date.now(), timezone);
  await writeData(dbPaths.challenge(uid, challengeId), {
    title: 'Upload check',
    day: days,
    preference: 'veg',
    targetBody: 'Maintain',
    displayName: 'Uploader',
    photoURL: '',
    createdAt: Date.now(),
    deleted: false,
    isActive: true,
    startDate: addDays(today, -startDaysAgo),
    timezone,
  });
  return challengeId;
}

describe('the finalize check on the local stack', () => {
  it('deletes a proof in a push-id folder that is no challenge', async () => {
    const member = await signUp();
    const path = storagePaths.mealProof(member.uid, pushKey(), 1, 'breakfast');
    const uploadedAt = Date.now();
    expect(await upload(member.idToken, path)).toBe(200);
    await expectDeleted(path, uploadedAt);
  });

  it("keeps a proof of the member's running challenge, stored while its meal is open", async () => {
    const member = await signUp();
    const challengeId = await seedChallenge(member.uid);
    const path = storagePaths.mealProof(member.uid, challengeId, 1, 'breakfast');
    expect(await upload(member.idToken, path)).toBe(200);
    // The check has run once it counted the proof's bytes; the object is still there after it.
    const deadline = Date.now() + CHECK_DEADLINE_MS;
    let usage: { bytes?: number } | null = null;
    while (!usage?.bytes && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      usage = (await readData(dbPaths.storageUsage(member.uid))) as { bytes?: number } | null;
    }
    expect(usage?.bytes).toBe(photo().byteLength);
    expect(await isStored(path)).toBe(true);
  });

  it('deletes a proof of a challenge that has ended', async () => {
    const member = await signUp();
    const challengeId = await seedChallenge(member.uid, { startDaysAgo: 10, days: 3 });
    const path = storagePaths.mealProof(member.uid, challengeId, 1, 'breakfast');
    const uploadedAt = Date.now();
    expect(await upload(member.idToken, path)).toBe(200);
    await expectDeleted(path, uploadedAt);
  });

  it('deletes the avatar and the proof a disabled member stores with a token from before the ban', async () => {
    const member = await signUp();
    const challengeId = await seedChallenge(member.uid);
    // What disabling writes (functions/src/admin/admin-member-moderation-route.ts); the token stays valid.
    await writeData(dbPaths.disabledMember(member.uid), {
      at: Date.now(),
      by: 'admin-uid',
      reason: 'spam',
    });
    const avatar = storagePaths.avatar(member.uid);
    const proof = storagePaths.mealProof(member.uid, challengeId, 1, 'breakfast');
    const uploadedAt = Date.now();
    expect(await upload(member.idToken, avatar)).toBe(200);
    expect(await upload(member.idToken, proof)).toBe(200);
    await expectDeleted(avatar, uploadedAt);
    await expectDeleted(proof, uploadedAt);
  });

  it('refuses a Content-Disposition or custom metadata on the upload itself', async () => {
    const member = await signUp();
    const challengeId = await seedChallenge(member.uid);
    const proof = storagePaths.mealProof(member.uid, challengeId, 1, 'lunch');
    const avatar = storagePaths.avatar(member.uid);
    for (const path of [proof, avatar]) {
      expect(
        await upload(member.idToken, path, {
          contentDisposition: 'attachment; filename="movie.mp4"',
        }),
      ).toBe(403);
      expect(await upload(member.idToken, path, { metadata: { shared: 'yes' } })).toBe(403);
      expect(await isStored(path)).toBe(false);
    }
  });
});
