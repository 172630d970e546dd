/**
 * The repeat visit: a member who has opened the app before opens it again. The first visit installs the
 * service worker (its precache: the shell and every hashed chunk); each measured visit is a new tab on the
 * same profile, without throttling, timed from navigation start to the first feed card in the page.
 */
import type { Page } from '@playwright/test';
import { median } from './machine';

/** The feed's cards (src/features/feed/components/challenge-card.tsx). */
const FEED_CARD = 'article.challenge-card';
const FIRST_CARD_AT = '__benchFirstFeedCardMs';

export interface RepeatVisit {
  /** Navigation start → first feed card in the document, per visit, ms. */
  firstCardMs: number[];
  medianMs: number;
  /** Whether the service worker controlled every measured visit (else it measured the network). */
  servedByServiceWorker: boolean;
}

/**
 * Runs in the page before its own scripts and records when the first feed card enters the document
 * (performance.now(): since navigation start). Source text, not a function: the bench's TypeScript compiler
 * adds helpers to functions (__name) that do not exist in the page. Not at the next animation frame: a tab
 * the bench opens may count as hidden, which pauses frames.
 */
const watchFirstCard = `
  const observer = new MutationObserver(() => {
    if (!document.querySelector(${JSON.stringify(FEED_CARD)})) return;
    window[${JSON.stringify(FIRST_CARD_AT)}] = performance.now();
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
`;

/**
 * `openPage` gives a new tab of the signed-in profile; `url` is the feed's address. The first visit waits until
 * the service worker is active (its precache complete); `visits` visits follow.
 */
export async function measureRepeatVisit(
  openPage: () => Promise<Page>,
  url: string,
  visits: number,
): Promise<RepeatVisit> {
  const first = await openPage();
  await first.goto(url);
  await first.locator(FEED_CARD).first().waitFor();
  await first.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await first.close();

  const firstCardMs: number[] = [];
  let servedByServiceWorker = true;
  for (let visit = 0; visit < visits; visit++) {
    const page = await openPage();
    await page.addInitScript(watchFirstCard);
    await page.bringToFront();
    await page.goto(url);
    await page.locator(FEED_CARD).first().waitFor();
    const at = await page.evaluate(
      (key) => (window as unknown as Record<string, number | undefined>)[key],
      FIRST_CARD_AT,
    );
    if (at === undefined) throw new Error(`${page.url()}: a feed card is shown but was not timed`);
    firstCardMs.push(at);
    servedByServiceWorker &&= await page.evaluate(
      () => navigator.serviceWorker.controller !== null,
    );
    await page.close();
  }
  return { firstCardMs, medianMs: median(firstCardMs), servedByServiceWorker };
}
