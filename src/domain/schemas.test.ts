import { describe, expect, it } from 'vitest';
import { generateRequestSchema } from '@domain/challenges/generate-request-schema';
import { completeProfileSchema, socialLinksSchema } from '@domain/members/profile-schema';

const validRequest = {
  title: 'Summer shred',
  day: 3,
  user_id: 'abc',
  preference: 'veg',
  targetBody: 'Cutting',
  displayName: 'Asha',
  photoURL: 'https://example.com/a.jpg',
  timezone: 'Asia/Kolkata',
};

function firstIssuePath(result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[] }> };
}) {
  return result.error?.issues[0]?.path.join('.');
}

describe('generateRequestSchema', () => {
  it('accepts the generate payload plus timezone, with or without startDate, and null names', () => {
    expect(generateRequestSchema.safeParse(validRequest).success).toBe(true);
    expect(
      generateRequestSchema.safeParse({ ...validRequest, startDate: '2025-06-11' }).success,
    ).toBe(true);
    const parsed = generateRequestSchema.parse({
      ...validRequest,
      displayName: null,
      photoURL: null,
    });
    expect(parsed).toMatchObject({ displayName: '', photoURL: '' });
  });

  it.each([
    ['day', { day: 8 }],
    ['day', { day: 1.5 }],
    ['day', { day: '3' }],
    ['title', { title: '   ' }],
    ['title', { title: 'x'.repeat(101) }],
    ['preference', { preference: 'keto' }],
    ['targetBody', { targetBody: 'bulk' }],
    ['timezone', { timezone: 'Mars/Base' }],
    ['startDate', { startDate: '2025-02-30' }],
    ['photoURL', { photoURL: 'javascript:alert(1)' }],
    ['user_id', { user_id: '' }],
  ])('rejects a bad %s', (field, patch) => {
    expect(firstIssuePath(generateRequestSchema.safeParse({ ...validRequest, ...patch }))).toBe(
      field,
    );
  });

  it('rejects unknown keys', () => {
    const result = generateRequestSchema.safeParse({ ...validRequest, isAdmin: true });
    expect(result.success).toBe(false);
  });
});

describe('completeProfileSchema', () => {
  const profile = { location: 'Pune', preference: 'vegan', height: 170, weight: 65, age: 29 };

  it('requires location, preference, height, weight and age', () => {
    expect(completeProfileSchema.safeParse(profile).success).toBe(true);
    for (const field of Object.keys(profile)) {
      const incomplete: Record<string, unknown> = { ...profile };
      delete incomplete[field];
      expect(firstIssuePath(completeProfileSchema.safeParse(incomplete))).toBe(field);
    }
  });

  it('rejects values outside the lists and bounds', () => {
    expect(completeProfileSchema.safeParse({ ...profile, location: 'Paris' }).success).toBe(false);
    expect(completeProfileSchema.safeParse({ ...profile, age: 12 }).success).toBe(false);
    expect(completeProfileSchema.safeParse({ ...profile, height: 400 }).success).toBe(false);
    expect(
      completeProfileSchema.safeParse({ ...profile, sex: 'female', activity: 'active', bio: 'Hi' })
        .success,
    ).toBe(true);
  });
});

describe('socialLinksSchema', () => {
  it('accepts https links on their own site, or empty', () => {
    const links = {
      facebook: 'https://www.facebook.com/asha',
      instagram: '',
      twitter: 'https://x.com/asha',
      linkedin: 'https://in.linkedin.com/in/asha',
    };
    expect(socialLinksSchema.safeParse(links).success).toBe(true);
    expect(socialLinksSchema.safeParse({}).success).toBe(true);
  });

  it.each([
    ['facebook', 'javascript:alert(1)'],
    ['facebook', 'http://facebook.com/asha'],
    ['instagram', 'https://evil.example/instagram.com'],
    ['twitter', 'https://twitter.com.evil.example/x'],
    ['linkedin', 'data:text/html,hi'],
  ])('rejects %s %s', (site, link) => {
    expect(socialLinksSchema.safeParse({ [site]: link }).success).toBe(false);
  });
});
