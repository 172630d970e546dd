import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** Subscribes `email` from the home page's sidebar box, waits for the success toast and returns the box. */
export async function subscribeFromHome(page: Page, email: string) {
  await page.goto('/');
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  // On phones the sidebar stands below the feed: its widgets render once it nears the screen.
  await sidebar.scrollIntoViewIfNeeded();
  const box = sidebar.getByRole('region', { name: 'Never Miss A News' });
  await box.getByLabel('Email address').fill(email);
  await box.getByRole('button', { name: 'Subscribe now' }).click();
  await expect(page.getByText('Subscribe successfully')).toBeVisible();
  return box;
}
