import { describe, expect, it } from 'vitest';

describe('Auth emulator (firebase-tools, offline)', () => {
  it('signs up a user and returns an unsigned ID token', async () => {
    const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    expect(host).toBeTruthy();
    const email = `smoke-${Date.now()}@example.com`;
    const response = await fetch(
      `http://${host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake-api-key`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'secret123', returnSecureToken: true }),
      },
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { email: string; idToken: string };
    expect(body.email).toBe(email);
    expect(body.idToken.split('.')).toHaveLength(3);
  });
});
