import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/**
 * Runs axe-core on the page as it stands and fails on any violation, naming each rule and the elements it
 * found. Called at the journeys' key screens, in both projects (1280 px and 375 px).
 */
export async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
  // A check takes seconds on a busy 2-core machine: each brings its own time, not the journey's.
  test.info().setTimeout(test.info().timeout + 15_000);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const found = violations.map(
    ({ id, help, nodes }) =>
      `${id} (${help}): ${nodes.map(({ target }) => target.join(' ')).join(', ')}`,
  );
  expect(found, `accessibility violations on ${screen}`).toEqual([]);
}
