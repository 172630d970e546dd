import { describe, expect, it } from 'vitest';
import { joinAtText, memberDisplayName } from '@/domain/member-identity';

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
