import { describe, expect, it } from 'vitest';
import { sessionFromRecord } from './saved-session';

/** An unsigned JWT with these claims (the record holds the SDK's own token; only its payload is read). */
const token = (claims: Record<string, unknown>) =>
  ['e30', btoa(JSON.stringify(claims)).replace(/=+$/, ''), 'signature'].join('.');

/** The shape the Auth SDK saves (its User.toJSON()). */
const record = (overrides: Record<string, unknown> = {}) => ({
  uid: 'member-1',
  email: 'asha@example.com',
  emailVerified: true,
  displayName: 'Asha Rao',
  isAnonymous: false,
  providerData: [],
  stsTokenManager: {
    refreshToken: 'refresh',
    accessToken: token({ user_id: 'member-1' }),
    expirationTime: 1_800_000_000_000,
  },
  createdAt: '1',
  lastLoginAt: '2',
  apiKey: 'demo-api-key',
  appName: '[DEFAULT]',
  ...overrides,
});

describe('sessionFromRecord', () => {
  it('reads the member, their token and its expiry from the SDK record', () => {
    expect(sessionFromRecord(record())).toEqual({
      user: {
        uid: 'member-1',
        email: 'asha@example.com',
        displayName: 'Asha Rao',
        photoURL: null,
        emailVerified: true,
        isAdmin: false,
      },
      idToken: record().stsTokenManager.accessToken,
      tokenExpiresAt: 1_800_000_000_000,
    });
  });

  it("takes the admin flag from the token's claims", () => {
    const admin = record({
      stsTokenManager: {
        accessToken: token({ user_id: 'member-1', admin: true }),
        expirationTime: 1_800_000_000_000,
      },
    });
    expect(sessionFromRecord(admin)?.user.isAdmin).toBe(true);
  });

  it.each([
    ['not an object', 'firebase'],
    ['no uid', record({ uid: undefined })],
    ['no token', record({ stsTokenManager: { expirationTime: 1_800_000_000_000 } })],
    [
      'a token that is no JWT',
      record({ stsTokenManager: { accessToken: 'x', expirationTime: 1 } }),
    ],
    ['no expiry', record({ stsTokenManager: { accessToken: token({}) } })],
  ])('leaves a record with %s to the SDK (undefined)', (_case, value) => {
    expect(sessionFromRecord(value)).toBeUndefined();
  });
});
