import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readStored, storageKeys, writeStored } from '@/lib/device-storage';
import {
  challengeRecord,
  fakeChallengeDatabase as database,
  resetFakeChallengeDatabase,
} from '../testing/fake-challenge-database';
import { proofInput, renderAt } from '../testing/render-challenge-page';

vi.mock(
  '@/services/database',
  async () => (await import('../testing/fake-challenge-database')).fakeDatabaseService,
);
vi.mock('@/services/api-client', () => ({ callApi: vi.fn(() => Promise.resolve({})) }));
vi.mock('@/services/storage', () => ({
  uploadFile: vi.fn(),
  storedFileUrl: vi.fn(() => Promise.resolve(null)),
  isCanceledUpload: (error: { code?: string }) => error?.code === 'storage/canceled',
}));
vi.mock('@/lib/compress-photo', () => ({
  compressPhoto: (file: File) => Promise.resolve(file),
}));
vi.mock('@/lib/toast', () => ({
  toastSuccess: vi.fn(),
  toastError: vi.fn(),
  toastInfo: vi.fn(),
  confirmAction: vi.fn(() => Promise.resolve(true)),
}));

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
  resetFakeChallengeDatabase();
});

describe('ChallengePage reads the challenge from its address', () => {
  const notFound = () => screen.findByRole('heading', { level: 1, name: 'Challenge not found' });

  it('shows the challenge the address names, whatever another challenge left in storage', async () => {
    writeStored(storageKeys.currentChallenge, 'c-other');
    writeStored(storageKeys.currentId, 'uid-ravi');
    renderAt('/challange/green-week/uid-asha/c1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Green week' }),
    ).toBeInTheDocument();
    expect(database.watched).toContain('users/uid-asha/challenges/c1');
    expect(database.watched.filter((path) => /c-other|uid-ravi/.test(path))).toEqual([]);
    expect(document.title).toBe('Green week · ChallangeX');
    // The stored lookup now names this challenge (a convenience for old links only), after the page shows it.
    await waitFor(() => expect(readStored(storageKeys.currentChallenge)).toBe('c1'));
    expect(readStored(storageKeys.currentId)).toBe('uid-asha');
  });

  it('replaces a wrong or outdated slug with the challenge’s own', async () => {
    const { router } = renderAt('/challange/old-title/uid-asha/c1');
    await screen.findByRole('heading', { level: 1, name: 'Green week' });
    expect(router.state.location.pathname).toBe('/challange/green-week/uid-asha/c1');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('moves an old slug-only address to the full one when the stored lookup names that challenge', async () => {
    writeStored(storageKeys.currentChallenge, 'c1');
    writeStored(storageKeys.currentId, 'uid-ravi');
    const { router } = renderAt('/challange/green-week');
    expect(await screen.findByRole('article', { name: 'Green week' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/challange/green-week/uid-ravi/c1');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('never shows the stored challenge for an old address with another slug', async () => {
    writeStored(storageKeys.currentChallenge, 'c1');
    writeStored(storageKeys.currentId, 'uid-asha');
    const { router } = renderAt('/challange/red-week');
    expect(await notFound()).toBeInTheDocument();
    expect(screen.getByText(/does not say which challenge it is/)).toBeInTheDocument();
    expect(screen.queryByText('Green week')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/challange/red-week');
    expect(document.title).toBe('Challenge not found · ChallangeX');
  });

  it('explains an old address with nothing stored, with a way back to the feed', async () => {
    renderAt('/challange/green-week');
    expect(await notFound()).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Choose a challenge from the feed' }));
    expect(await screen.findByText('feed page')).toBeInTheDocument();
  });

  it('says a challenge that does not exist is not found', async () => {
    database.challenge = null;
    renderAt('/challange/green-week/uid-asha/missing');
    expect(await notFound()).toBeInTheDocument();
    expect(screen.getByText('This challenge does not exist or was deleted.')).toBeInTheDocument();
  });

  it.each([
    ['an id with characters no database key has', '/challange/green-week/uid-asha/c1.json'],
    ['an owner without a challenge id', '/challange/green-week/uid-asha'],
  ])('treats %s as not found without reading anything', async (_, address) => {
    renderAt(address);
    expect(await notFound()).toBeInTheDocument();
    expect(database.watched).toEqual([]);
  });
});

describe('ChallengePage shows last visit’s copy while the live one loads', () => {
  const releaseLiveData = () =>
    act(() => {
      const answers = database.held ?? [];
      database.held = null;
      answers.forEach((answer) => answer());
    });

  it('shows the cached challenge at once, marked updating… and not actionable, then the live one', async () => {
    renderAt('/challange/green-week/uid-asha/c1');
    await screen.findByRole('heading', { level: 1, name: 'Green week' });
    cleanup();

    // The next visit, on a slow network.
    database.held = [];
    renderAt('/challange/green-week/uid-asha/c1');
    expect(screen.getByRole('heading', { level: 1, name: 'Green week' })).toBeInTheDocument();
    expect(screen.getByText('updating…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'More' })).toBeDisabled();
    expect(proofInput('Day 1 dinner')).toBeDisabled();

    await releaseLiveData();
    expect(screen.queryByText('updating…')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'More' })).toBeEnabled();
    expect(proofInput('Day 1 dinner')).toBeEnabled();
  });

  it('replaces the cached copy with what the database says now', async () => {
    renderAt('/challange/green-week/uid-asha/c1');
    await screen.findByRole('heading', { level: 1, name: 'Green week' });
    cleanup();

    database.challenge = { ...challengeRecord(), deleted: true, isActive: false };
    database.held = [];
    renderAt('/challange/green-week/uid-asha/c1');
    expect(screen.getByText('updating…')).toBeInTheDocument();
    await releaseLiveData();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Challenge not found' }),
    ).toBeInTheDocument();
    cleanup();

    // The deleted challenge's copy is gone too: the next visit waits for the database.
    database.held = [];
    renderAt('/challange/green-week/uid-asha/c1');
    expect(screen.getByText('Loading challenge…')).toBeInTheDocument();
    expect(screen.queryByText('Green week')).not.toBeInTheDocument();
  });

  it('never shows a copy cached for another challenge, another member or another slug', async () => {
    renderAt('/challange/green-week/uid-asha/c1');
    await screen.findByRole('heading', { level: 1, name: 'Green week' });
    cleanup();
    database.held = [];

    for (const address of [
      '/challange/green-week/uid-asha/c2',
      '/challange/green-week/uid-ravi/c1',
      '/challange/old-title/uid-asha/c1',
    ]) {
      renderAt(address);
      expect(screen.getByText('Loading challenge…')).toBeInTheDocument();
      expect(screen.queryByText('updating…')).not.toBeInTheDocument();
      cleanup();
    }
  });
});
