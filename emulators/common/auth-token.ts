/**
 * Tokens the emulators accept, as the real emulators do: `owner` is the admin
 * credential that bypasses rules; anything else must be a JWT whose payload we
 * decode without checking signature or expiry (the Auth emulator and
 * rules-unit-testing both mint unsigned tokens).
 */
export type TokenClaims = Record<string, unknown> & { sub?: string; user_id?: string };

export type Principal =
  { kind: 'owner' } | { kind: 'user'; uid: string; token: TokenClaims } | { kind: 'anonymous' };

export const OWNER_TOKEN = 'owner';

export function decodeJwtPayload(token: string): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length < 2) return null;
  try {
    const json = Buffer.from(parts[1].replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString(
      'utf8',
    );
    const payload: unknown = JSON.parse(json);
    return payload && typeof payload === 'object' && !Array.isArray(payload)
      ? (payload as TokenClaims)
      : null;
  } catch {
    return null;
  }
}

/** Maps a bearer credential to who is calling; null means the token is malformed. */
export function principalFromToken(token: string | undefined | null): Principal | null {
  if (!token) return { kind: 'anonymous' };
  if (token === OWNER_TOKEN) return { kind: 'owner' };
  const claims = decodeJwtPayload(token);
  if (!claims) return null;
  const uid = typeof claims.user_id === 'string' ? claims.user_id : claims.sub;
  if (typeof uid !== 'string' || uid.length === 0) return null;
  return { kind: 'user', uid, token: claims };
}
