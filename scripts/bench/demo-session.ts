/**
 * The audited pages and the signed-in session behind them: the first demo member signs in through the login
 * screen; the challenge and profile pages are opened at their shareable addresses (challengePath, profilePath),
 * which signIn derives from the feed, since the challenge's id and the member's uid are made when seeding.
 */
import type { Page } from '@playwright/test';
import type { FeedEntry } from '../../src/domain/challenge-record';
import { challengePath } from '../../src/lib/challenge-route';
import { profilePath } from '../../src/lib/profile-route';
import { storageKeys } from '../../src/lib/browser-storage';
import { DEMO_PASSWORD, demoMembers } from '../lib/demo-seed';
import type { AuditedPage, SessionSetup } from './lighthouse-audit';

const member = demoMembers[0];
const challengeTitle = member.challenges[0].title;

async function readJson<T>(url: string): Promise<T> {
  const response = await fetch(url, {
    headers: { authorization: 'Bearer owner' },
    signal: AbortSignal.timeout(30_000),
  });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return (await response.json()) as T;
}

/** The signed-in pages' addresses, known once signIn has read the feed. */
let addresses: { challenge: string; profile: string } | undefined;
const signedInAddress = (page: 'challenge' | 'profile') => () => {
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
];

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
      addresses = {
        challenge: challengePath(uid, challengeId, challengeTitle),
        profile: profilePath(member.name, uid),
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
