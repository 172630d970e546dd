import { readData, uniqueEmail } from './support/backend';
import { expect, test } from './support/fixtures';
import { subscribeFromHome } from './support/newsletter';

/**
 * The database SDK notes "previous_websocket_failure" in localStorage when it opens a WebSocket and clears it
 * only once that socket has answered twice, so a visit that ends a moment after the socket opened (common on
 * phones) leaves the note behind. The next visit then starts with long polling, which loads scripts from the
 * database host: our Content-Security-Policy refuses them, so without WebSockets forced the SDK never
 * connects and every write hangs (docs/security.md, "Hosting headers").
 */
test('a visit after one that left before its database socket answered still writes', async ({
  page,
}) => {
  await page.addInitScript(() =>
    window.localStorage.setItem('firebase:previous_websocket_failure', 'true'),
  );
  const subscriber = uniqueEmail('socket');
  await subscribeFromHome(page, subscriber);
  const subscribers =
    (await readData<Record<string, { email: string }>>('website/subscribers')) ?? {};
  expect(Object.values(subscribers).filter((entry) => entry.email === subscriber)).toHaveLength(1);
});
