/**
 * The audited pages and the signed-in session behind them: the first demo member signs in through the login
 * screen; the challenge and profile pages are opened at their shareable addresses (challengePath, profilePath),
 * which signIn derives from the feed, since the challenge's id and the member's uid are made when seeding.
 */
import type { Page } from '@playwright/test';
import type { FeedEntry } from '@domain/challenges/challenge-record';
import { challengePath, profilePath } from '../../src/lib/app-addresses';
import { storageKeys } from '../../src/lib/device-storage';
import { DEMO_PASSWORD, demoGroup, demoMembers } from '../lib/demo-seed';
import type { AuditedPage, SessionSetup } from './lighthouse-audit';

const member = demoMembers[0];
const challengeTitle = member.challenges[0].title;
// The demo group is the first member's too (demo-seed.ts); the bench fills its board to 50 (group-fill.ts).
const groupTitle = demoGroup.challenge.title;
if (demoGroup.owner !== member.email) throw new Error('The audited member must own the demo group');

async function readJson<T>(url: string): Promise<T> {
  const response = await fetch(url, {
    headers: { authorization: 'Bearer owner' },
    signal: AbortSignal.timeout(30_000),
  });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return (await response.json()) as T;
}

/** The signed-in pages' addresses, known once signIn has read the feed. */
let addresses: { challenge: string; profile: string; group: string } | undefined;
const signedInAddress = (page: 'challenge' | 'profile' | 'group') => () => {
  if (!addresses) throw new Error(`The ${page} page's address is known only after signIn`);
  return addresses[page];
};

export const auditedPages: AuditedPage[] = [
  { name: 'home / feed (signed out)', path: '/', signedIn: false },
  { name: 'feed (signed in)', path: '/feed', signedIn: true },
  {
    name: `challenge "${challengeTitle}" (owner)`,
    path: signedInAddress('challenge'),
    signedIn: true,
  },
  { name: `profile of ${member.name}`, path: signedInAddress('profile'), signedIn: true },
  {
    name: `group-challenge "${groupTitle}" with a 50-member board (owner)`,
    path: signedInAddress('group'),
    signedIn: true,
  },
];

/** The audited page whose board the bench fills to 50 members first (group-fill.ts). */
export const groupPageKey = 'group-challenge';

/** The signed-in page the repeat-visit measure opens: the feed, whose first card it waits for. */
export const repeatVisitPath = '/feed';

export function demoSession(databaseUrl: (path: string) => string): SessionSetup {
  return {
    async signIn(page: Page, baseUrl: string) {
      const feed = await readJson<Record<string, FeedEntry>>(databaseUrl('feed'));
      const found = Object.entries(feed).find(
        ([, entry]) => entry.displayName === member.name && entry.title === challengeTitle,
      );
      if (!found)
        throw new Error(`The demo challenge "${challengeTitle}" of ${member.name} is not in feed/`);
      const [challengeId, { uid }] = found;
      const group = Object.entries(feed).find(
        ([, entry]) => entry.uid === uid && entry.title === groupTitle,
      );
      if (!group)
        throw new Error(`The demo group "${groupTitle}" of ${member.name} is not in feed/`);
      addresses = {
        challenge: challengePath(uid, challengeId, challengeTitle),
        profile: profilePath(member.name, uid),
        group: challengePath(uid, group[0], groupTitle),
      };

      await page.goto(`${baseUrl}/login`);
      await page.getByLabel('Email').fill(member.email);
      await page.getByLabel('Password').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page.waitForURL(/\/feed$/);
      // What the app's links also store; pages that still read their ids from storage rather than from the
      // address find them there.
      await page.evaluate(
        (entries) =>
          entries.forEach(([key, value]) => localStorage.setItem(key, JSON.stringify(value))),
        [
          [storageKeys.currentChallenge, challengeId],
          [storageKeys.currentId, uid],
          [storageKeys.loadProfile, uid],
        ],
      );
      // The audited pages must show the member's content, not a login form or "not found".
      await page.goto(`${baseUrl}${addresses.challenge}`);
      await page.getByRole('heading', { name: challengeTitle }).first().waitFor();
      await page.goto(`${baseUrl}${addresses.profile}`);
      await page.getByText(member.info.bio).first().waitFor();
    },
  };
}
