import { describe, expect, it } from 'vitest';
import { auditedPages } from '../../scripts/bench/demo-session';
import { pageKey, selectPages } from '../../scripts/bench/lighthouse-audit';

describe('npm run bench -- --pages', () => {
  it('audits every page without the option', () => {
    expect(selectPages(auditedPages, undefined)).toEqual(auditedPages);
  });

  it('audits the pages named, in the order given', () => {
    expect(selectPages(auditedPages, 'profile, home').map(pageKey)).toEqual(['profile', 'home']);
    expect(auditedPages.map(pageKey)).toEqual([
      'home',
      'feed',
      'challenge',
      'profile',
      'group-challenge',
    ]);
    expect(selectPages(auditedPages, 'group-challenge').map((page) => page.name)).toEqual([
      'group-challenge "Together Strong Week" with a 50-member board (owner)',
    ]);
  });

  it('refuses a name that is no audited page', () => {
    expect(() => selectPages(auditedPages, 'home,settings')).toThrow(
      'Unknown page "settings" (home, feed, challenge, profile, group-challenge)',
    );
  });
});
