/**
 * The audited pages and the signed-in session behind them: the first demo
 * member signs in through the login screen, and the challenge and profile
 * they open travel in localStorage, as the app's own links store them.
 */
import type { Page } from '@playwright/test';
import type { FeedEntry } from '../../src/domain/challenge-record';
import { challengeSlug } from '../../src/lib/challenge-route';
import { storageKeys } from '../../src/lib/browser-storage';
import { DEMO_PASSWORD, demoMembers } from '../lib/demo-seed';
import type { AuditedPage, SessionSetup } from './lighthouse-audit';

const member = demoMembers[0];
const challengeTitle = member.challenges[0].title;
const challengePath = `/challange/${challengeSlug(challengeTitle)}`;

async function readJson<T>(url: string): Promise<T> {
  const response = await fetch(url, {
    headers: { authorization: 'Bearer owner' },
    signal: AbortSignal.timeout(30_000),
  });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return (await response.json()) as T;
}

export const auditedPages: AuditedPage[] = [
  { name: 'home / feed (signed out)', path: '/', signedIn: false },
  { name: 'feed (signed in)', path: '/feed', signedIn: true },
  { name: `challenge "${challengeTitle}" (owner)`, path: challengePath, signedIn: true },
  { name: `profile of ${member.name}`, path: `/profile/${encodeURIComponent(member.name)}`, signedIn: true },
];

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

      await page.goto(`${baseUrl}/login`);
      await page.getByLabel('Email').fill(member.email);
      await page.getByLabel('Password').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page.waitForURL(/\/feed$/);
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
      await page.goto(`${baseUrl}${challengePath}`);
      await page.getByRole('heading', { name: challengeTitle }).first().waitFor();
      await page.goto(`${baseUrl}/profile/${encodeURIComponent(member.name)}`);
      await page.getByText(member.info.bio).first().waitFor();
    },
  };
}
