import { describe, expect, it } from 'vitest';
import {
  acceptedPhotoUrl,
  displayNameProblem,
  isAcceptedPhotoUrl,
  joinAtText,
  memberDisplayName,
  publicDisplayName,
} from '@domain/members/member-identity';

describe('memberDisplayName', () => {
  it('keeps a valid Auth name, trimmed', () => {
    expect(memberDisplayName({ displayName: '  Asha Rao ', email: 'asha@example.com' })).toBe(
      'Asha Rao',
    );
  });

  it('falls back to the e-mail local part, then to "Member", for blank names', () => {
    expect(memberDisplayName({ displayName: '   ', email: 'ravi.k@example.com' })).toBe('ravi.k');
    expect(memberDisplayName({ displayName: null, email: null })).toBe('Member');
  });

  it('cuts a long name to 100 UTF-16 units without splitting a character', () => {
    expect(memberDisplayName({ displayName: 'a'.repeat(150), email: null })).toHaveLength(100);
    const emoji = memberDisplayName({ displayName: 'a' + '😀'.repeat(60), email: null });
    expect(emoji).toBe('a' + '😀'.repeat(49));
  });
});

describe('joinAtText', () => {
  it('formats a server timestamp as yyyy-MM-dd HH:mm:ss and keeps older text as stored', () => {
    expect(joinAtText(new Date(2026, 10, 22, 5, 25, 7).getTime())).toBe('2026-11-22 05:25:07');
    expect(joinAtText('2025-06-01 10:00:00')).toBe('2025-06-01 10:00:00');
    expect(joinAtText(undefined)).toBeUndefined();
    expect(joinAtText('')).toBeUndefined();
  });
});

describe('displayNameProblem', () => {
  it.each([
    'Asha Rao',
    'José',
    'Zoë',
    '李小龍',
    'Asha ❤️',
    '👩🏽‍💻 Dev',
    'Badminton Lover',
    'Admiral',
    'Modi',
    'Teamwork',
  ])('accepts %j', (name) => {
    expect(displayNameProblem(name)).toBeUndefined();
  });

  it.each([
    ['a zero-width space', 'Asha\u200BRao'],
    ['a zero-width joiner outside an emoji', 'Asha\u200D'],
    ['a right-to-left override', '\u202EahsA'],
    ['a bidi isolate', 'Asha\u2066Rao\u2069'],
    ['a BOM', '\uFEFFAsha'],
    ['a soft hyphen', 'As\u00ADha'],
    ['a Hangul filler', 'Asha\u3164'],
    ['a blank Braille pattern', '\u2800'],
    ['a tab', 'Asha\tRao'],
    ['a no-break space', 'Asha\u00A0Rao'],
    ['a control character', 'Asha\u0007'],
  ])('refuses %s', (_what, name) => {
    expect(displayNameProblem(name)).toBe(
      'Display name must not contain invisible or control characters',
    );
  });

  it.each([
    'ChallangeX',
    'ChallangeX Team',
    'challangex team',
    'CHALLANGEX',
    'Challange X',
    'ChallengeX',
    'ChaIIangeX',
    'Ch@ll@ngeX',
    '\u0421hallangeX', // a Cyrillic capital Es
    'Official ChallangeX',
    'Admin',
    'ADMIN',
    'Adm1n',
    'A d m i n',
    'Adrnin',
    '\u0410dmin', // a Cyrillic capital A
    'Admin Team',
    'Moderator',
    'm0derat0r',
    'Team Moderator',
  ])('refuses %j, which poses as the product or its team', (name) => {
    expect(displayNameProblem(name)).toBe('Display name must not pose as ChallangeX or its team');
  });

  it('keeps refused names out of first sign-in records and public copies', () => {
    expect(memberDisplayName({ displayName: 'ChallangeX Team', email: 'asha@example.com' })).toBe(
      'asha',
    );
    expect(memberDisplayName({ displayName: 'Admin', email: 'admin@example.com' })).toBe('Member');
    expect(publicDisplayName('\u202EAsha')).toBe('Member');
    expect(publicDisplayName(' Asha ')).toBe('Asha');
    expect(publicDisplayName(undefined)).toBe('Member');
  });
});

describe('isAcceptedPhotoUrl', () => {
  const sources = { bucket: 'my-project.appspot.com' };
  it.each([
    '',
    'https://lh3.googleusercontent.com/a/ACg8ocJ=s96-c',
    'https://firebasestorage.googleapis.com/v0/b/my-project.appspot.com/o/Challenge%2Fu1%2Fprofile%2Favtar.jpg?alt=media&token=abc',
  ])('accepts %j', (url) => {
    expect(isAcceptedPhotoUrl(url, sources)).toBe(true);
    expect(acceptedPhotoUrl(url, sources)).toBe(url);
  });

  it.each([
    'https://evil.example/pixel.png',
    'https://lh3.googleusercontent.com.evil.example/a.png',
    'https://lh4.googleusercontent.com/a/x',
    'http://lh3.googleusercontent.com/a/x',
    'https://firebasestorage.googleapis.com/v0/b/other-project.appspot.com/o/a.jpg?alt=media',
    'https://firebasestorage.googleapis.com/v0/b/my-project.appspot.com.evil/o/a.jpg',
    'https://lh3.googleusercontent.com/a/<script>',
    'http://127.0.0.1:9199/v0/b/my-project.appspot.com/o/a.jpg',
    'javascript:alert(1)',
    `https://lh3.googleusercontent.com/a/${'x'.repeat(2048)}`,
    42,
  ])('refuses %j', (url) => {
    expect(isAcceptedPhotoUrl(url, sources)).toBe(false);
    expect(acceptedPhotoUrl(url, sources)).toBe('');
  });

  it("accepts the local Storage emulator's download URLs only when told it is the origin", () => {
    const url = 'http://127.0.0.1:9199/v0/b/demo-x.appspot.com/o/a.jpg?alt=media';
    expect(
      isAcceptedPhotoUrl(url, {
        bucket: 'demo-x.appspot.com',
        storageOrigins: ['http://127.0.0.1:9199'],
      }),
    ).toBe(true);
    expect(isAcceptedPhotoUrl(url, { bucket: 'demo-x.appspot.com' })).toBe(false);
  });
});
