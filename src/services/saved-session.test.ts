import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '@/lib/device-storage';
import type { MemberSession } from './auth';
import { markAuthSdkStarted } from './auth-sdk-started';
import {
  memberIdToken,
  savedSession,
  saveSession,
  sessionFromRecord,
  whenSignedIn,
} from './saved-session';

// The SDK's side, as the module loads it once the saved token will not do.
const sdk = vi.hoisted(() => ({ currentIdToken: vi.fn(), restoredUid: vi.fn() }));
vi.mock('./auth', () => sdk);

const HOUR_MS = 60 * 60 * 1000;

const session = (overrides: Partial<MemberSession> = {}): MemberSession => ({
  user: {
    uid: 'member-1',
    email: 'asha@example.com',
    displayName: 'Asha Rao',
    photoURL: 'https://example.com/asha.png',
    emailVerified: true,
    isAdmin: true,
  },
  idToken: 'saved-token',
  tokenExpiresAt: Date.now() + HOUR_MS,
  ...overrides,
});

beforeEach(() => {
  localStorage.clear();
  sdk.currentIdToken.mockReset().mockResolvedValue('sdk-token');
  sdk.restoredUid.mockReset().mockResolvedValue('sdk-member');
});

describe('the saved session', () => {
  it('keeps the public identity, the admin claim and the token with its expiry, and nothing else', () => {
    const kept = session();
    saveSession(kept);
    expect(JSON.parse(localStorage.getItem(storageKeys.session)!)).toEqual({
      uid: 'member-1',
      displayName: 'Asha Rao',
      photoURL: 'https://example.com/asha.png',
      isAdmin: true,
      idToken: 'saved-token',
      tokenExpiresAt: kept.tokenExpiresAt,
    });
    expect(savedSession()).toEqual({
      ...kept,
      user: { ...kept.user, email: null, emailVerified: false },
    });
    saveSession(null);
    expect(localStorage.getItem(storageKeys.session)).toBeNull();
  });

  it('takes the admin flag only when it is true', () => {
    const raw = { uid: 'member-1', idToken: 't', tokenExpiresAt: 1, isAdmin: 'yes' };
    expect(sessionFromRecord(raw)?.user.isAdmin).toBe(false);
  });

  it.each([
    ['text that is no JSON', '{not json'],
    ['not an object', '"member-1"'],
    ['no uid', JSON.stringify({ idToken: 't', tokenExpiresAt: 1 })],
    ['no token', JSON.stringify({ uid: 'member-1', tokenExpiresAt: 1 })],
    ['no expiry', JSON.stringify({ uid: 'member-1', idToken: 't' })],
    ['a text expiry', JSON.stringify({ uid: 'member-1', idToken: 't', tokenExpiresAt: '1' })],
  ])('reads a stored value with %s as no session', (_case, stored) => {
    localStorage.setItem(storageKeys.session, stored);
    expect(savedSession()).toBeNull();
  });
});

// Kept last: once the SDK has started on a page it stays started (module state).
describe('tokens and the uid before and after the SDK starts', () => {
  it('gives no token to a visitor, without loading the SDK', async () => {
    expect(await memberIdToken()).toBeNull();
    expect(sdk.currentIdToken).not.toHaveBeenCalled();
  });

  it('gives the saved token while it has more than a minute left', async () => {
    saveSession(session());
    expect(await memberIdToken()).toBe('saved-token');
    expect(sdk.currentIdToken).not.toHaveBeenCalled();
  });

  it('leaves a token with a minute or less left to the SDK, which refreshes it', async () => {
    saveSession(session({ tokenExpiresAt: Date.now() + 60_000 }));
    expect(await memberIdToken()).toBe('sdk-token');
  });

  it("runs a first read with the saved member's uid, and none for a visitor", async () => {
    const read = vi.fn();
    whenSignedIn(read);
    saveSession(session());
    whenSignedIn(read);
    await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(1));
    expect(read).toHaveBeenCalledWith('member-1');
    expect(sdk.restoredUid).not.toHaveBeenCalled();
  });

  it('asks the SDK alone once it has started, even with a fresh saved token', async () => {
    saveSession(session());
    markAuthSdkStarted();
    expect(await memberIdToken()).toBe('sdk-token');
    const read = vi.fn();
    whenSignedIn(read);
    await vi.waitFor(() => expect(read).toHaveBeenCalledWith('sdk-member'));
  });
});
