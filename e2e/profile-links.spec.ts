import { randomUUID } from 'node:crypto';
import { profilePath } from '../src/lib/app-addresses';
import { readData, writeData, type TestMember } from './support/backend';
import { e2eNamespace, e2eStack } from './support/e2e-stack';
import { expect, signIn, test } from './support/fixtures';

/** The public lists the app may query hold at most this many rows (database.rules.json). */
const QUERY_WINDOW = 100;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Many records in one request (PATCH at the root), as the emulator's owner. */
async function patchRoot(values: Record<string, unknown>): Promise<void> {
  const response = await fetch(
    `http://127.0.0.1:${e2eStack().ports.database}/.json?ns=${e2eNamespace}`,
    {
      method: 'PATCH',
      headers: { authorization: 'Bearer owner' },
      body: JSON.stringify(values),
    },
  );
  if (!response.ok) throw new Error(`RTDB PATCH: ${response.status} ${await response.text()}`);
}

function feedEntry(uid: string, displayName: string, title: string, createdAt: number) {
  return {
    uid,
    displayName,
    photoURL: '',
    title,
    day: 1,
    preference: 'veg',
    targetBody: 'Lean',
    cover: '',
    createdAt,
  };
}

/** A challenge of `member` in their records and in the feed, as the API's generate writes both. */
async function publishChallenge(member: TestMember, title: string, createdAt: number) {
  const challengeId = `e2e-${randomUUID().slice(0, 12)}`;
  await patchRoot({
    [`users/${member.uid}/challenges/${challengeId}`]: {
      title,
      day: 1,
      preference: 'veg',
      targetBody: 'Lean',
      displayName: member.name,
      photoURL: '',
      createdAt,
      deleted: false,
      isActive: true,
      startDate: '2026-01-01',
      timezone: 'Asia/Kolkata',
    },
    [`feed/${challengeId}`]: feedEntry(member.uid, member.name, title, createdAt),
  });
  return challengeId;
}

/** More than a query window of newer members, each with a newer challenge and a higher score. */
async function crowdOut(count = QUERY_WINDOW + 5) {
  const records: Record<string, unknown> = {};
  const since = Date.now() - DAY_MS;
  for (let index = 0; index < count; index++) {
    const uid = `crowd-${randomUUID().slice(0, 10)}`;
    const name = `Crowd member ${index}`;
    records[`users/${uid}/info`] = { uid, displayName: name, photoURL: '', score: 1000 + index };
    records[`leaderboard/all/${uid}`] = { displayName: name, photoURL: '', points: 1000 + index };
    records[`feed/${uid}-c1`] = feedEntry(uid, name, `Crowd challenge ${index}`, since + index);
  }
  await patchRoot(records);
}

test.describe('profile links', () => {
  test('a profile link works for a member outside the newest and top 100', async ({
    page,
    newMember,
  }) => {
    const quiet = await newMember({
      completeProfile: true,
      name: `Quiet ${randomUUID().slice(0, 6)}`,
    });
    await publishChallenge(quiet, 'An old challenge', Date.now() - 30 * DAY_MS);
    await writeData(`leaderboard/all/${quiet.uid}`, {
      displayName: quiet.name,
      photoURL: '',
      points: 1,
    });
    await crowdOut();

    const visitor = await newMember({ completeProfile: true });
    await signIn(page, visitor);
    await page.goto(profilePath(quiet.name, quiet.uid));
    const profile = page.getByRole('article');
    await expect(profile.getByRole('heading', { name: quiet.name, level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(`${quiet.name} · ChallangeX`);

    // A link made before a rename: the uid decides, the address takes the current name.
    await page.goto(profilePath('An Old Name', quiet.uid));
    await expect(profile.getByRole('heading', { name: quiet.name, level: 1 })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${profilePath(quiet.name, quiet.uid)}$`));

    await page.goto(profilePath(quiet.name, 'no-such-member'));
    await expect(
      page.getByRole('heading', { name: `No member called “${quiet.name}” here` }),
    ).toBeVisible();
  });

  test("a new display name reaches the member's feed card and their address", async ({
    page,
    newMember,
  }) => {
    const member = await newMember({ completeProfile: true });
    const title = `Rename check ${randomUUID().slice(0, 6)}`;
    const challengeId = await publishChallenge(member, title, Date.now());
    const newName = `Renamed ${randomUUID().slice(0, 6)}`;

    await signIn(page, member);
    await page.goto(profilePath(member.name, member.uid));
    await page.getByRole('button', { name: 'Edit profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit profile' });
    await dialog.getByLabel('Display name').fill(newName);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Profile info updated successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: newName, level: 1 })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${profilePath(newName, member.uid)}$`));
    await expect(page).toHaveTitle(`${newName} · ChallangeX`);
    await expect.poll(() => readData(`feed/${challengeId}/displayName`)).toBe(newName);

    await page.goto('/feed');
    const card = page.getByRole('article', { name: title });
    await expect(card.getByRole('link', { name: newName })).toBeVisible();
    await card.getByRole('link', { name: newName }).click();
    await expect(page).toHaveURL(new RegExp(`${profilePath(newName, member.uid)}$`));
  });

  test("SPEC's address with only a name: one member moves to their full address, namesakes are listed", async ({
    page,
    newMember,
  }) => {
    const tag = randomUUID().slice(0, 6);
    const unique = await newMember({ completeProfile: true, name: `Solo ${tag}` });
    await publishChallenge(unique, `Solo plan ${tag}`, Date.now());
    const shared = `Twin ${tag}`;
    const first = await newMember({ completeProfile: true, name: shared });
    const second = await newMember({ completeProfile: true, name: shared });
    await publishChallenge(first, `First twin plan ${tag}`, Date.now());
    await publishChallenge(second, `Second twin plan ${tag}`, Date.now());
    const visitor = await newMember({ completeProfile: true });
    await signIn(page, visitor);

    await page.goto(`/profile/${encodeURIComponent(unique.name)}`);
    await expect(page).toHaveURL(new RegExp(`${profilePath(unique.name, unique.uid)}$`));
    await expect(page.getByRole('heading', { name: unique.name, level: 1 })).toBeVisible();

    await page.goto(`/profile/${encodeURIComponent(shared)}`);
    await expect(
      page.getByRole('heading', { name: `Members called “${shared}”`, level: 1 }),
    ).toBeVisible();
    const links = page.getByRole('main').getByRole('link', { name: shared, exact: true });
    await expect(links).toHaveCount(2);
    expect(
      await links.evaluateAll((found) => found.map((link) => link.getAttribute('href'))),
    ).toEqual(
      expect.arrayContaining([profilePath(shared, first.uid), profilePath(shared, second.uid)]),
    );
    await page
      .getByText(`Latest challenge: First twin plan ${tag}`)
      .locator('..')
      .getByRole('link')
      .click();
    await expect(page).toHaveURL(new RegExp(`${profilePath(shared, first.uid)}$`));
    await expect(page.getByRole('heading', { name: shared, level: 1 })).toBeVisible();

    await page.goto(`/profile/${encodeURIComponent(`Nobody ${tag}`)}`);
    await expect(
      page.getByRole('heading', { name: `No member called “Nobody ${tag}” here` }),
    ).toBeVisible();
    await expect(page).toHaveTitle('Member not found · ChallangeX');
  });
});
