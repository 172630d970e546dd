import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_IMAGES_CACHE, storageKeys } from '@/lib/device-storage';
import { forgetLogout, loggedOutHere, noteLogout } from '@/lib/return-address';
import { useSession } from '@/lib/session';
import type { MemberSession } from '@/services/auth';
import { savedSession, saveSession } from '@/services/saved-session';
import { SessionProvider } from './session-provider';

// The SDK's side: watchSession's listener, called by each test as the SDK would.
const sdk = vi.hoisted(() => ({
  listener: undefined as ((session: MemberSession | null) => void) | undefined,
  loadAfterMainContent: undefined as (() => void) | undefined,
}));
vi.mock('@/services/auth', () => ({
  watchSession: (listener: (session: MemberSession | null) => void) => {
    sdk.listener = listener;
    return () => {};
  },
}));
vi.mock('@/services/database-reads', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/services/database-reads')>()),
  firstReadsAnswered: () => Promise.resolve(),
}));
vi.mock('@/lib/main-content', () => ({
  afterMainContent: (load: () => void) => {
    sdk.loadAfterMainContent = load;
    return () => {};
  },
}));

const member = (idToken = 'token-1'): MemberSession => ({
  user: {
    uid: 'member-1',
    email: 'asha@example.com',
    displayName: 'Asha Rao',
    photoURL: null,
    emailVerified: true,
    isAdmin: false,
  },
  idToken,
  tokenExpiresAt: Date.now() + 3_600_000,
});

function Shown() {
  const { user } = useSession();
  return <p>{user === undefined ? 'unknown' : (user?.uid ?? 'visitor')}</p>;
}

const deletedCaches = vi.fn(() => Promise.resolve(true));

/** Renders the provider and lets the SDK load (as once the main content is on screen). */
async function renderWithSdk() {
  render(
    <SessionProvider>
      <Shown />
    </SessionProvider>,
  );
  await vi.waitFor(() => expect(sdk.loadAfterMainContent).toBeDefined());
  act(() => sdk.loadAfterMainContent!());
  await vi.waitFor(() => expect(sdk.listener).toBeDefined());
  return (answer: MemberSession | null) => act(() => sdk.listener!(answer));
}

beforeEach(() => {
  localStorage.clear();
  sdk.listener = undefined;
  sdk.loadAfterMainContent = undefined;
  deletedCaches.mockClear();
  vi.stubGlobal('caches', { delete: deletedCaches });
});
afterEach(() => vi.unstubAllGlobals());

describe('SessionProvider', () => {
  it('renders for the saved member at its first render, before the SDK has loaded', () => {
    saveSession(member());
    render(
      <SessionProvider>
        <Shown />
      </SessionProvider>,
    );
    expect(screen.getByText('member-1')).toBeInTheDocument();
    expect(sdk.listener).toBeUndefined();
  });

  it("saves the SDK's every answer (a refreshed token) and keeps the member's data", async () => {
    saveSession(member());
    localStorage.setItem(storageKeys.challenge, '{"kept":true}');
    const answer = await renderWithSdk();
    answer(member('token-2'));
    expect(savedSession()?.idToken).toBe('token-2');
    expect(localStorage.getItem(storageKeys.challenge)).toBe('{"kept":true}');
    expect(deletedCaches).not.toHaveBeenCalled();
  });

  it("clears the member's data and their photos when the SDK ends the session", async () => {
    saveSession(member());
    localStorage.setItem(storageKeys.challenge, '{"plan":"private"}');
    const answer = await renderWithSdk();
    answer(null);
    expect(await screen.findByText('visitor')).toBeInTheDocument();
    expect(localStorage.length).toBe(0);
    expect(deletedCaches).toHaveBeenCalledWith(STORAGE_IMAGES_CACHE);
  });

  it('ends the session when another tab removes it, before the SDK has loaded', async () => {
    saveSession(member());
    render(
      <SessionProvider>
        <Shown />
      </SessionProvider>,
    );
    localStorage.setItem(storageKeys.challenge, '{"plan":"private"}');
    localStorage.removeItem(storageKeys.session);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: storageKeys.session }));
    });
    expect(await screen.findByText('visitor')).toBeInTheDocument();
    expect(localStorage.getItem(storageKeys.challenge)).toBeNull();
    expect(deletedCaches).toHaveBeenCalledWith(STORAGE_IMAGES_CACHE);
  });

  it("clears nothing for a visitor: the SDK's null ends no session", async () => {
    localStorage.setItem(storageKeys.kept, '["public"]');
    const answer = await renderWithSdk();
    answer(null);
    expect(screen.getByText('visitor')).toBeInTheDocument();
    expect(localStorage.getItem(storageKeys.kept)).toBe('["public"]');
    expect(deletedCaches).not.toHaveBeenCalled();
  });

  it("forgets a logout's note once a session starts after it (a sign-in in another tab), not while it ends", async () => {
    saveSession(member());
    const answer = await renderWithSdk();
    noteLogout('member-1');
    answer(null);
    expect(await screen.findByText('visitor')).toBeInTheDocument();
    expect(loggedOutHere('member-1')).toBe(true);
    answer(member('token-2'));
    expect(await screen.findByText('member-1')).toBeInTheDocument();
    expect(loggedOutHere('member-1')).toBe(false);
    forgetLogout();
  });
});
