/**
 * What the first load of `/`, `/feed` and a profile evaluates must not include zod: evaluating its classes and the
 * schemas built from them took ~200 ms of one task at 4× CPU, all of it Total Blocking Time (docs/performance.md,
 * "Decisions that hold the budgets"). Forms load their schemas with their own chunks. If any static import of these
 * screens reaches zod, importing the screen fails here.
 */
import { describe, expect, it, vi } from 'vitest';

const { zodLoaded } = vi.hoisted(() => ({
  zodLoaded: 'zod was imported by a module of the first load',
}));
vi.mock('zod', () => {
  throw new Error(zodLoaded);
});
vi.mock('@domain/zod', () => {
  throw new Error(zodLoaded);
});

describe('the first load of the main screens', () => {
  it.each([
    ['the layout (home banner, sidebar)', () => import('./layout-page')],
    ['the feed', () => import('./feed-screen')],
    ['a profile', () => import('@/features/profile/components/profile-page')],
    // A profile's later parts load right after its main content; the weight form's checks on its first submit.
    ["a profile's glance", () => import('@/features/profile/components/profile-glance')],
    ["the owner's weight log", () => import('@/features/profile/components/weight-log-panel')],
    [
      'a challenge (its board included)',
      () => import('@/features/challenges/components/challenge-page'),
    ],
    // The sidebar's widgets load on every page, right after its main content.
    ['the subscribe box', () => import('@/features/site/components/subscribe-box')],
    ["the site's social links", () => import('@/features/site/components/social-links-widget')],
    ['the profile card', () => import('@/features/profile/components/profile-card')],
  ])('%s imports no zod', async (_, load) => {
    await expect(load()).resolves.toBeDefined();
  });

  it('would notice zod (the mock is in force)', async () => {
    const error = await import('@domain/site/website-records').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ cause: { message: zodLoaded } });
  });
});
