import { describe, expect, it } from 'vitest';
import databaseRules from '../../database.rules.json';
import { EMAIL_MAX_LENGTH, storableEmailField } from '@domain/form-fields';

/** A well-formed address of exactly `length` characters. */
const emailOfLength = (length: number) =>
  'a'.repeat(length - '@example.com'.length) + '@example.com';

describe('storableEmailField (newsletter and contact addresses)', () => {
  it('is bounded where the database rules bound website/subscribers and website/contact', () => {
    const website = databaseRules.rules.website;
    for (const email of [website.subscribers.$id.email, website.contact.$id.email]) {
      expect(email['.validate']).toContain(`newData.val().length <= ${EMAIL_MAX_LENGTH}`);
    }
    expect(EMAIL_MAX_LENGTH).toBe(254);
  });

  it('accepts an address of exactly 254 characters, also with spaces around it', () => {
    const email = emailOfLength(254);
    expect(storableEmailField().parse(email)).toBe(email);
    expect(storableEmailField().parse(`  ${email} `)).toBe(email);
  });

  it('refuses 255 characters with a message that names the limit', () => {
    const result = storableEmailField().safeParse(emailOfLength(255));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Email must be at most 254 characters',
    ]);
  });
});
