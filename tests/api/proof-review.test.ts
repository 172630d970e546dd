import { describe, expect, it } from 'vitest';
import { dbPaths } from '@domain/data/database-paths';
import type { AdminAuditEntry } from '@domain/site/moderation-records';
import type { ProofQueuePage } from '@domain/challenges/proof-review';
import { storagePaths } from '@domain/data/storage-paths';
import { generatePayload, postJson, readyMember } from './api-harness';
import { MINUTE, PROOF_TESTS_START, proofTestSetup, type ChallengeHolder } from './group-api';
import { makeGroup } from './group-fixtures';
import { periodPoints } from './leaderboard-rows';
import { disguisedCopies, mealPhoto, photoTakenAt } from './proof-photos';

// The admins' review of flagged proofs over HTTP: the queue, Approve and Reject (docs/security.md,
// "Proof checks").

const HOUR = 60 * MINUTE;

const setup = proofTestSetup();
const { clock, read, mealOf, rowOf, prove } = setup;

type Challenger = ChallengeHolder;

async function challenger(displayName = 'Asha'): Promise<Challenger> {
  clock.now = PROOF_TESTS_START;
  const member = await readyMember(setup.harness.database);
  await setup.harness.database.ref(`${dbPaths.userInfo(member.uid)}/displayName`).set(displayName);
  const response = await postJson(
    `${setup.harness.baseUrl}/api/generate`,
    generatePayload(member.uid, { day: 1, displayName }),
    { token: member.idToken },
  );
  expect(response.status).toBe(201);
  return { ...member, challengeId: response.body.challengeId as string };
}

async function getJson(path: string, token: string) {
  const response = await fetch(`${setup.harness.baseUrl}${path}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const queuePage = async (before?: string) => {
  const response = await getJson(
    `/api/admin/proofs${before ? `?before=${encodeURIComponent(before)}` : ''}`,
    setup.admin.idToken,
  );
  expect(response.status).toBe(200);
  return response.body as unknown as ProofQueuePage;
};

const decide = (
  key: string,
  decision: 'approve' | 'reject',
  body: unknown = {},
  token = setup.admin.idToken,
) =>
  postJson(
    `${setup.harness.baseUrl}/api/admin/proofs/${encodeURIComponent(key)}/${decision}`,
    body,
    {
      token,
    },
  );

const scoreOf = async (uid: string) => (await read(`${dbPaths.userInfo(uid)}/score`)) as number;

/** An original proof and a re-encoded copy by another member: the copy is flagged. */
async function flaggedCopy(seed: string) {
  const photo = await mealPhoto(seed);
  const original = await challenger('Kabir');
  await prove(original, 'lunch', photo);
  const copier = await challenger('Zoya');
  const body = await prove(
    copier,
    'lunch',
    (await disguisedCopies(photo))['saved again at quality 40'],
  );
  expect(body.review).toMatchObject({ state: 'flagged', reasons: ['duplicate'] });
  expect((await scoreOf(copier.uid)) ?? 0).toBe(0);
  // Paged through as an admin would (other tests' flags may be newer).
  let page = await queuePage();
  let row = page.proofs.find((proof) => proof.uid === copier.uid);
  while (!row && page.next) {
    page = await queuePage(page.next);
    row = page.proofs.find((proof) => proof.uid === copier.uid);
  }
  expect(row).toBeDefined();
  return { original, copier, row: row! };
}

describe('the review queue', () => {
  it('lists a flagged proof with the earlier photo it matches, the member and the meal', async () => {
    const { original, copier, row } = await flaggedCopy('queue-thali');
    const meal = await mealOf(copier, 'lunch');
    expect(row).toMatchObject({
      uid: copier.uid,
      displayName: 'Zoya',
      mealName: meal.name,
      img: meal.img,
      reasons: ['duplicate'],
      match: { uid: original.uid, challengeId: original.challengeId, day: 1, slot: 'lunch' },
      matchDisplayName: 'Kabir',
    });
    expect(row.matchImg).toBe((await mealOf(original, 'lunch')).img);
    // Both are tokened download URLs of the stored objects, as the admin's browser loads them.
    for (const [url, path] of [
      [row.img, row.imgPath],
      [row.matchImg!, row.match!.imgPath!],
    ]) {
      const [metadata] = await setup.harness.bucket.file(path).getMetadata();
      expect(String(metadata.metadata?.firebaseStorageDownloadTokens).split(',')).toContain(
        new URL(url).searchParams.get('token'),
      );
    }
  });

  it('pages newest first, 10 at a time', async () => {
    const members: Challenger[] = [];
    for (let index = 0; index < 4; index++) members.push(await challenger(`Member ${index}`));
    // Twelve proofs flagged for their capture time, a minute apart per meal.
    for (const [index, member] of members.entries())
      for (const slot of ['breakfast', 'lunch', 'dinner'] as const)
        await prove(
          member,
          slot,
          await photoTakenAt(
            await mealPhoto(`page-${index}-${slot}`),
            PROOF_TESTS_START - 48 * HOUR,
          ),
        );
    const first = await queuePage();
    expect(first.proofs).toHaveLength(10);
    const times = first.proofs.map((proof) => proof.at);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(first.next).toBe(first.proofs[9].key);
    const second = await queuePage(first.next);
    expect(second.proofs.length).toBeGreaterThanOrEqual(2);
    expect(second.proofs[0].key < first.proofs[9].key).toBe(true);
    expect(second.proofs.map((proof) => proof.key)).not.toContain(first.proofs[9].key);
  });

  it('is for admins only: a member is refused the list and the decisions', async () => {
    const { copier, row } = await flaggedCopy('queue-members-only');
    expect((await getJson('/api/admin/proofs', copier.idToken)).status).toBe(403);
    expect((await decide(row.key, 'approve', {}, copier.idToken)).status).toBe(403);
    expect((await decide(row.key, 'reject', { reason: 'x' }, copier.idToken)).status).toBe(403);
    expect((await mealOf(copier, 'lunch')).review?.state).toBe('flagged');
  });

  it('refuses a malformed key, an unknown field, and a key no longer queued', async () => {
    expect((await getJson('/api/admin/proofs?before=nope', setup.admin.idToken)).status).toBe(400);
    expect((await getJson('/api/admin/proofs?page=2', setup.admin.idToken)).status).toBe(400);
    expect((await decide('not-a-key', 'approve')).status).toBe(400);
    const { row } = await flaggedCopy('queue-refusals');
    expect((await decide(row.key, 'approve', { points: 10 })).status).toBe(400);
    expect(
      (await decide(`000000000000001~${row.uid}~${row.challengeId}~1~lunch`, 'approve')).status,
    ).toBe(404);
  });
});

describe('Approve', () => {
  it("releases the proof's points at once: the score and the boards, audited, out of the queue", async () => {
    const { copier, row } = await flaggedCopy('approve-paneer');
    const response = await decide(row.key, 'approve');
    expect(response.status).toBe(200);
    expect(response.body.score).toBe(10);
    expect((await mealOf(copier, 'lunch')).review).toMatchObject({
      state: 'approved',
      reasons: ['duplicate'],
    });
    expect(await scoreOf(copier.uid)).toBe(10);
    expect(await read(`${dbPaths.leaderboardAll}/${copier.uid}/points`)).toBe(10);
    expect(await read(dbPaths.proofQueueEntry(row.key))).toBe(null);
    const audit = Object.values(
      (await read(dbPaths.adminAudit)) as Record<string, AdminAuditEntry>,
    );
    expect(audit).toContainEqual(
      expect.objectContaining({
        action: 'approve-proof',
        actor: { uid: setup.admin.uid, email: setup.admin.email },
        target: expect.objectContaining({ uid: copier.uid, challengeId: copier.challengeId }),
      }),
    );
    // Decided once: a second approval finds nothing waiting.
    expect((await decide(row.key, 'approve')).status).toBe(404);
    // Idempotent: the repair tool derives the same.
    const again = await postJson(
      `${setup.harness.baseUrl}/api/me/recompute`,
      {},
      { token: copier.idToken },
    );
    expect(again.body.score).toBe(10);
  });
});

describe('Reject', () => {
  it('needs a reason; keeps the points withheld; the member reads "Rejected" with it and may send another photo', async () => {
    const { copier, row } = await flaggedCopy('reject-biryani');
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(201) }])
      expect((await decide(row.key, 'reject', body)).status, JSON.stringify(body)).toBe(400);
    const response = await decide(row.key, 'reject', {
      reason: 'The same photo as another member',
    });
    expect(response.status).toBe(200);
    const meal = await mealOf(copier, 'lunch');
    expect(meal.status).toBe('Rejected');
    expect(meal.review).toMatchObject({
      state: 'rejected',
      rejectedReason: 'The same photo as another member',
    });
    expect(await scoreOf(copier.uid)).toBe(0);
    expect(await read(dbPaths.proofQueueEntry(row.key))).toBe(null);
    const audit = Object.values(
      (await read(dbPaths.adminAudit)) as Record<string, AdminAuditEntry>,
    );
    expect(audit).toContainEqual(
      expect.objectContaining({
        action: 'reject-proof',
        reason: 'The same photo as another member',
        target: expect.objectContaining({ uid: copier.uid }),
      }),
    );
    // The window is still open: a photo of their own, as the second attempt, proves the meal.
    const second = await prove(copier, 'lunch', await mealPhoto('reject-biryani-own'), {
      attempt: 2,
    });
    expect(second).toMatchObject({
      status: 'Done',
      imgPath: storagePaths.mealProof(copier.uid, copier.challengeId, 1, 'lunch', 2),
      review: null,
    });
    // The repair tool derives what the proof earns (the proof route derives it as it records it).
    const recount = await postJson(
      `${setup.harness.baseUrl}/api/me/recompute`,
      {},
      { token: copier.idToken },
    );
    expect(recount.body.score).toBe(10);
  });
});

describe('points at once (#41 item 5)', () => {
  it("Approve and Reject update the member's score, week and month boards and board row in the request, with no recompute asked", async () => {
    const kabir = await challenger('Kabir');
    const { members } = await makeGroup(setup.harness, ['Owner', 'Asha']);
    const [, asha] = members;
    const copyOf = async (photo: Buffer) =>
      (await disguisedCopies(photo))['saved again at quality 40'];
    await prove(asha, 'breakfast', await mealPhoto('at-once-own-breakfast'));
    for (const slot of ['lunch', 'dinner'] as const) {
      const photo = await mealPhoto(`at-once-${slot}`);
      await prove(kabir, slot, photo);
      const copied = await prove(asha, slot, await copyOf(photo));
      expect(copied.review).toMatchObject({ state: 'flagged', reasons: ['duplicate'] });
    }
    const queued = Object.entries(
      ((await read(dbPaths.proofQueue)) ?? {}) as Record<string, { uid: string; slot: string }>,
    ).filter(([, entry]) => entry.uid === asha.uid);
    const keyOf = (slot: string) => queued.find(([, entry]) => entry.slot === slot)![0];

    expect((await decide(keyOf('lunch'), 'approve')).status).toBe(200);
    // Breakfast and lunch: 20 points, on every board at once.
    expect(await scoreOf(asha.uid)).toBe(20);
    expect(await read(`${dbPaths.leaderboardAll}/${asha.uid}/points`)).toBe(20);
    expect(await periodPoints(setup.harness.database, asha.uid)).toEqual({
      'weekly/2025-W24': 20,
      'monthly/2025-06': 20,
    });
    expect(await rowOf(asha)).toMatchObject({ proved: 2, points: 20 });

    expect((await decide(keyOf('dinner'), 'reject', { reason: 'Not your photo' })).status).toBe(
      200,
    );
    expect(await scoreOf(asha.uid)).toBe(20);
    expect(await rowOf(asha)).toMatchObject({ proved: 2, points: 20 });
    expect((await mealOf(asha, 'dinner')).status).toBe('Rejected');
  });
});
