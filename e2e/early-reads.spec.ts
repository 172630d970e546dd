import type { Page, Request } from '@playwright/test';
import { challengePath, profilePath } from '../src/lib/app-addresses';
import { seedChallenge } from './support/seed-challenge';
import { expect, test } from './support/fixtures';

/**
 * A shareable address's first data is requested as soon as the session is restored, by the entry
 * (src/app/screen-loaders.ts), not once the router and the screen's code have arrived and rendered. Here the
 * router's chunk (app-shell) and the screen's are held back until that read has left: a read started by the
 * router or the rendered screen would never leave, and the test fails.
 */
async function holdRouterAndScreen(page: Page, screen: string): Promise<() => void> {
  const chunk = new RegExp(`/assets/(app-shell|${screen})-[\\w-]+\\.js$`);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(chunk, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** REST reads of `path` (the Database SDK, once loaded, reads over its WebSocket instead). */
const restRead = (path: string) => (request: Request) =>
  new URL(request.url()).pathname === `/${path}.json`;

test("another member's profile address reads the profile before the router and the profile screen are in, once", async ({
  page,
  signedInMember: viewer,
  newMember,
}) => {
  // Another member's profile: on desktop the sidebar's profile card reads the viewer's own info too.
  const member = await newMember({ completeProfile: true });
  expect(member.uid).not.toBe(viewer.uid);
  const infoPath = `users/${member.uid}/info`;
  const reads: string[] = [];
  page.on('request', (request) => {
    if (restRead(infoPath)(request)) reads.push(request.url());
  });
  const release = await holdRouterAndScreen(page, 'profile-page');
  const infoRead = page.waitForRequest(restRead(infoPath), { timeout: 15_000 });

  await page.goto(profilePath(member.name, member.uid), { waitUntil: 'commit' });
  await infoRead;
  release();

  await expect(page.getByRole('heading', { level: 1, name: member.name })).toBeVisible();
  expect(reads, 'the screen takes the early read instead of reading again').toHaveLength(1);
});

test("a challenge address reads the owner's challenge before the router and the challenge screen are in", async ({
  page,
  signedInMember: owner,
}) => {
  const title = 'Early bird week';
  const challengeId = await seedChallenge(owner, { title });
  const recordPath = `users/${owner.uid}/challenges/${challengeId}`;
  const release = await holdRouterAndScreen(page, 'challenge-page');
  const recordRead = page.waitForRequest(restRead(recordPath), { timeout: 15_000 });

  await page.goto(challengePath(owner.uid, challengeId, title), { waitUntil: 'commit' });
  await recordRead;
  release();

  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});
