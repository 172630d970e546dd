import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { FeedEntry } from '@domain/challenges/challenge-record';
import type { GroupSummary } from '@domain/challenges/group-records';
import { readLog, resetFakeDatabase } from '@/testing/fake-database';
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

describe('the card of a group challenge', () => {
  const group = (
    access: GroupSummary['access'],
    memberCount: number,
  ): FeedEntry & GroupSummary => ({
    ...entry('Team week', 1_000),
    access,
    memberCount,
    memberPhotos: ['Ravi', 'Asha', 'Kabir', 'Meera', 'Vikram', 'Zoya'].map((displayName) => ({
      displayName,
      photoURL: '',
    })),
  });
  const card = () => screen.getByRole('article', { name: 'Team week' });
  // Each test's feed, not the copy of the last visit the feed keeps (feed-snapshot.ts).
  beforeEach(() => localStorage.clear());

  it('shows the member count and at most 5 avatars from the feed entry, without reading the group', async () => {
    resetFakeDatabase({ feed: { team: group('link', 6), solo: entry('Alone', 500) } });
    renderApp(<FeedPage />, { user: memberFixture });
    expect(await screen.findByRole('heading', { name: 'Team week' })).toBeVisible();
    expect(within(card()).getByText('6 members')).toBeVisible();
    // The initials of the first five members; the sixth is counted, not shown.
    expect(card().querySelectorAll('.group-card-avatars > *')).toHaveLength(5);
    expect(within(card()).queryByText('Z')).not.toBeInTheDocument();
    // Only the invite link admits: no "Join challenge" on the card.
    expect(within(card()).queryByRole('link', { name: 'Join challenge' })).not.toBeInTheDocument();
    // A solo challenge's card says nothing of members.
    const solo = screen.getByRole('article', { name: 'Alone' });
    expect(within(solo).queryByText(/member/)).not.toBeInTheDocument();
    expect(readLog.filter((path) => path.startsWith('groups'))).toEqual([]);
  });

  it('offers "Join challenge" to signed-in members when anyone may join from the feed, linking to the join page', async () => {
    resetFakeDatabase({ feed: { team: group('feed', 1) } });
    renderApp(<FeedPage />, { user: memberFixture });
    expect(await screen.findByRole('heading', { name: 'Team week' })).toBeVisible();
    expect(within(card()).getByText('1 member')).toBeVisible();
    expect(within(card()).getByRole('link', { name: 'Join challenge' })).toHaveAttribute(
      'href',
      '/join/team',
    );
  });

  it('shows no "Join challenge" to visitors nor to the owner', async () => {
    resetFakeDatabase({ feed: { team: group('feed', 3) } });
    const { unmount } = renderApp(<FeedPage />, { user: null });
    expect(await screen.findByRole('heading', { name: 'Team week' })).toBeVisible();
    expect(within(card()).getByText('3 members')).toBeVisible();
    expect(within(card()).queryByRole('link', { name: 'Join challenge' })).not.toBeInTheDocument();
    unmount();
    // The owner on their own device: not the copy of the visitor's visit, which the live feed replaces
    // (a heading found in that copy may be gone by the next line).
    localStorage.clear();
    renderApp(<FeedPage />, { user: { ...memberFixture, uid: 'uid-ravi' } });
    expect(await screen.findByRole('heading', { name: 'Team week' })).toBeVisible();
    expect(within(card()).queryByRole('link', { name: 'Join challenge' })).not.toBeInTheDocument();
  });
});
