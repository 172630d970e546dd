import { describe, expect, it } from 'vitest';
import { profileFormSchema } from '@domain/members/profile-form-schema';

describe('the Edit profile form’s display name', () => {
  const displayName = profileFormSchema.shape.displayName;

  it('accepts an ordinary name, trimmed', () => {
    expect(displayName.parse('  Asha Rao ')).toBe('Asha Rao');
  });

  it.each([
    ['ChallangeX Team', 'Display name must not pose as ChallangeX or its team'],
    ['Adm1n', 'Display name must not pose as ChallangeX or its team'],
    ['Asha\u200BRao', 'Display name must not contain invisible or control characters'],
    ['\u202EahsA', 'Display name must not contain invisible or control characters'],
  ])('refuses %j with the reason', (name, message) => {
    const result = displayName.safeParse(name);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});
