import { describe, expect, test } from 'vitest';
import {
  afterSignIn,
  forgetLogout,
  loggedOutHere,
  noteLogout,
  safeReturnAddress,
  signInAddress,
} from './return-address';

describe('safeReturnAddress', () => {
  test.each([
    ['/challange/lean-week/uid123/challenge456', '/challange/lean-week/uid123/challenge456'],
    ['/profile/Asha%20Rao/uid123', '/profile/Asha%20Rao/uid123'],
    ['/feed?page=3', '/feed?page=3'],
    ['/leader-board#monthly', '/leader-board#monthly'],
    ['/', '/'],
    // Dot segments are resolved, and can never climb out of this origin.
    ['/a/../../admin-x', '/admin-x'],
    // Encoded slashes are a path segment of this app (the not-found page), never a host.
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
  ])('keeps the path of this app %s', (value, expected) => {
    expect(safeReturnAddress(value)).toBe(expected);
  });

  test.each([
    ['another site by scheme', 'https://evil.example/feed'],
    ['a protocol-relative address', '//evil.example/feed'],
    ['a backslash read as a slash', '/\\evil.example/feed'],
    ['two backslashes', '\\\\evil.example'],
    ['a tab the parser drops', '/\t/evil.example'],
    ['a newline the parser drops', '/\n/evil.example'],
    ['a leading space', ' /feed'],
    ['a script address', 'javascript:alert(1)'],
    ['a data address', 'data:text/html,<script>alert(1)</script>'],
    ['a relative path', 'feed'],
    ['a host with credentials', '//user@evil.example'],
    ['backslashes after the slash', '/\\\\evil.example'],
    ['the login screen itself', '/login?next=/feed'],
    ['the register screen', '/register/'],
    ['nothing', ''],
    ['no value', null],
    ['an address far too long', `/${'a'.repeat(2048)}`],
  ])('refuses %s', (_case, value) => {
    expect(safeReturnAddress(value)).toBeNull();
  });
});

describe('afterSignIn', () => {
  test('returns to the address the login screen carries', () => {
    expect(afterSignIn('?next=%2Fchallange%2Flean-week%2Fu1%2Fc1')).toBe(
      '/challange/lean-week/u1/c1',
    );
  });

  test('goes to the feed when the member came to sign in on their own', () => {
    expect(afterSignIn('')).toBe('/feed');
  });

  test('goes to the feed, not elsewhere, when the carried address is another site', () => {
    expect(afterSignIn('?next=https%3A%2F%2Fevil.example')).toBe('/feed');
    expect(afterSignIn('?next=%2F%2Fevil.example')).toBe('/feed');
  });
});

describe('signInAddress', () => {
  test('carries the return address, encoded, in the sign-in screen address', () => {
    expect(signInAddress('/login', '/profile/Asha%20Rao/u1?x=1')).toBe(
      '/login?next=%2Fprofile%2FAsha%2520Rao%2Fu1%3Fx%3D1',
    );
    expect(signInAddress('/register', '/challange/a/b/c')).toBe(
      '/register?next=%2Fchallange%2Fa%2Fb%2Fc',
    );
  });

  test('is the plain screen when there is nowhere safe to return to', () => {
    expect(signInAddress('/login', null)).toBe('/login');
    expect(signInAddress('/register', '//evil.example')).toBe('/register');
  });
});

describe('the noted logout', () => {
  test('names the member who logged out, until forgotten', () => {
    expect(loggedOutHere('uid-asha')).toBe(false);
    noteLogout('uid-asha');
    expect(loggedOutHere('uid-asha')).toBe(true);
    expect(loggedOutHere('uid-ravi')).toBe(false);
    expect(loggedOutHere(null)).toBe(false);
    forgetLogout();
    expect(loggedOutHere('uid-asha')).toBe(false);
  });
});
