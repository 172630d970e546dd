import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { FeedEntry } from '@/domain/challenge-record';
import { resetFakeDatabase } from '@/testing/fake-database';
import { memberFixture, renderApp } from '@/testing/render-app';
import { ResilientChallengeCard } from './challenge-card';
import { FeedPage } from './feed-page';

vi.mock('@/services/database', () => import('@/testing/fake-database'));

const entry = (title: string, createdAt: number): FeedEntry => ({
  uid: 'uid-ravi',
  title,
  day: 3,
  preference: 'veg',
  targetBody: 'Lean',
  displayName: 'Ravi',
  photoURL: '',
  cover: '',
  createdAt,
});

const cardTitles = () =>
  screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);

beforeEach(() => resetFakeDatabase());

describe('the feed with a malformed entry', () => {
  it('leaves out a stub holding only a cover, shows a placeholder for a card that cannot render, and keeps the others', async () => {
    resetFakeDatabase({
      feed: {
        older: entry('Older reset', 1_000),
        // What a late cover update left when the entry had gone (docs/security.md, "Moderation races").
        stub: { cover: 'x' },
        newer: entry('Newer reset', 2_000),
        // A stub that sorts among the newest.
        late: { cover: 'x', createdAt: 3_000 },
        // Showable by its fields, but its card cannot render a name that is an object.
        broken: { ...entry('Broken reset', 1_500), displayName: { x: 1 } },
      },
    });
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      renderApp(<FeedPage />, { user: memberFixture });
      expect(await screen.findByRole('heading', { name: 'Newer reset' })).toBeVisible();
    } finally {
      quiet.mockRestore();
    }
    expect(cardTitles()).toEqual(['Newer reset', 'Older reset']);
    expect(screen.getByRole('article', { name: 'Challenge unavailable' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Challenges' })).toBeVisible();
  });

  it('a card that cannot render shows a quiet placeholder, and the cards beside it stay', () => {
    const stub = { cover: 'x' } as unknown as FeedEntry;
    // React reports the caught error on the console; the test is about what the page shows.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      render(
        <MemoryRouter>
          <ResilientChallengeCard
            card={{ challengeId: 'a', entry: entry('First', 1) }}
            isOwner={false}
          />
          <ResilientChallengeCard card={{ challengeId: 'stub', entry: stub }} isOwner={false} />
          <ResilientChallengeCard
            card={{ challengeId: 'b', entry: entry('Second', 2) }}
            isOwner={false}
          />
        </MemoryRouter>,
      );
    } finally {
      quiet.mockRestore();
    }
    expect(cardTitles()).toEqual(['First', 'Second']);
    expect(screen.getByRole('article', { name: 'Challenge unavailable' })).toHaveTextContent(
      'This challenge can’t be shown.',
    );
  });
});
