import { randomUUID } from 'node:crypto';
import { createMember, writeData } from './support/backend';
import { expect, test } from './support/fixtures';

/**
 * The feed survives malformed entries (docs/security.md, "Moderation races"): a stub holding only a
 * cover (what a late cover update left when a moderator took the entry away) is left out, and an
 * entry its card cannot render costs that card only, shown as a quiet placeholder.
 */
test('the feed shows its other cards beside a stub entry and an entry that cannot render', async ({
  page,
}) => {
  const label = `Resilient ${randomUUID().slice(0, 6)}`;
  const author = await createMember({ completeProfile: true });
  const base = Date.now();
  const entry = (title: string, createdAt: number) => ({
    uid: author.uid,
    title,
    day: 3,
    preference: 'veg',
    targetBody: 'Lean',
    displayName: author.name,
    photoURL: '',
    cover: '/meals/poha.svg',
    createdAt,
  });
  const slug = label.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const rows: Record<string, unknown> = {
    [`e2e-${slug}-older`]: entry(`${label} older`, base),
    // Written as the database's owner (the emulator's admin), as no rule lets a member write these.
    [`e2e-${slug}-stub`]: { cover: '/meals/poha.svg', createdAt: base + 1000 },
    [`e2e-${slug}-broken`]: { ...entry(`${label} broken`, base + 2000), displayName: { x: 1 } },
    [`e2e-${slug}-newer`]: entry(`${label} newer`, base + 3000),
  };
  await Promise.all(Object.entries(rows).map(([key, value]) => writeData(`feed/${key}`, value)));
  try {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: `${label} newer` })).toBeVisible();
    await expect(page.getByRole('heading', { name: `${label} older` })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Challenge unavailable' })).toHaveText(
      'This challenge can’t be shown.',
    );
    await expect(page.getByRole('heading', { name: 'Challenges', exact: true })).toBeVisible();
  } finally {
    await Promise.all(Object.keys(rows).map((key) => writeData(`feed/${key}`, null)));
  }
});
