import type { Page } from '@playwright/test';

/**
 * The app's scripts that hold Firebase Auth (they call its REST host), answered only once released; release()
 * also stops routing, so that no script still on its way outlives the test. Until then the page runs on the
 * session the app saved (src/services/saved-session.ts); `held()` counts the scripts it asked for.
 */
export async function holdAuthSdk(
  page: Page,
): Promise<{ release: () => Promise<void>; held: () => number }> {
  let open!: () => void;
  const released = new Promise<void>((resolve) => (open = resolve));
  let held = 0;
  await page.route(/\/assets\/[\w.-]+\.js$/, async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes('identitytoolkit.googleapis.com')) {
      held += 1;
      await released;
    }
    await route.fulfill({ response, body });
  });
  const release = async () => {
    open();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  };
  return { release, held: () => held };
}
