import type { FeedEntry } from '@domain/challenges/challenge-record';
import { applyChildQuery } from '@domain/data/child-query';
import { toFeedPage } from './feed-pages';
import {
  FIRST_PAGE_KNOWN,
  MAX_SEEK_PAGES,
  afterPageRead,
  afterPageVanished,
  afterSeek,
  pageCountLabel,
  pageFromParam,
  pageItems,
  seekQuery,
  withPage,
  type KnownPages,
} from './feed-paging';

const row = (index: number) => ({
  key: `c${String(index).padStart(3, '0')}`,
  value: { uid: 'uid-ravi', title: `Challenge ${index}`, createdAt: 1000 + index } as FeedEntry,
});
/** `count` challenges, oldest first, as the database holds them. */
const feedOf = (count: number) => Array.from({ length: count }, (_, index) => row(index + 1));

/** Seeks like the hook does until page `targetIndex` is known or the feed ends. */
function seekTo(rows: ReturnType<typeof feedOf>, targetIndex: number) {
  let known: KnownPages = FIRST_PAGE_KNOWN;
  const specs = [];
  while (targetIndex >= known.cursors.length && !known.complete) {
    const spec = seekQuery(null, known, targetIndex);
    specs.push(spec);
    known = afterSeek(known, applyChildQuery(rows, spec), null, spec);
  }
  return { known, specs };
}

describe('pageFromParam', () => {
  it.each([
    [null, 1],
    ['1', 1],
    ['3', 3],
    ['0', null],
    ['-2', null],
    ['2.5', null],
    ['abc', null],
    ['', null],
    ['9999999', null],
  ])('reads %j as %j', (raw, page) => {
    expect(pageFromParam(raw)).toBe(page);
  });
});

describe('withPage', () => {
  it('sets ?page for later pages, drops it for page 1 and keeps the other parameters', () => {
    const params = new URLSearchParams('author=uid-meera&page=4');
    expect(withPage(params, 2).toString()).toBe('author=uid-meera&page=2');
    expect(withPage(params, 1).toString()).toBe('author=uid-meera');
    expect(params.toString()).toBe('author=uid-meera&page=4');
  });
});

describe('afterPageRead', () => {
  it('adds the next page’s cursor, and knows the end when a page has no next', () => {
    const next = { value: 1006, key: 'c006' };
    const two = afterPageRead(FIRST_PAGE_KNOWN, 0, next);
    expect(two).toEqual({ cursors: [null, next], complete: false });
    expect(afterPageRead(two, 0, next)).toBe(two);
    expect(afterPageRead(two, 1, null)).toEqual({ cursors: [null, next], complete: true });
  });

  it('drops the cursors beyond a page whose boundary moved', () => {
    const known = {
      cursors: [null, { value: 10, key: 'a' }, { value: 5, key: 'b' }],
      complete: true,
    };
    const moved = { value: 11, key: 'z' };
    expect(afterPageRead(known, 0, moved)).toEqual({ cursors: [null, moved], complete: false });
    expect(afterPageRead(known, 0, null)).toEqual({ cursors: [null], complete: true });
  });
});

describe('afterPageVanished', () => {
  it('forgets the emptied page so it is looked for again', () => {
    const known = { cursors: [null, { value: 10, key: 'a' }], complete: true };
    expect(afterPageVanished(known, 1)).toEqual({ cursors: [null], complete: false });
  });
});

describe('seeks', () => {
  it('finds page 3 of 12 challenges with one read of 11 rows, and the cursors match page-by-page reading', () => {
    const rows = feedOf(12);
    const { known, specs } = seekTo(rows, 2);
    expect(specs).toEqual([{ orderBy: 'createdAt', limitToLast: 11 }]);
    // 11 rows came back as asked: whether page 3 is the last is learnt by reading it.
    expect(known.complete).toBe(false);

    let walked: KnownPages = FIRST_PAGE_KNOWN;
    for (let index = 0; index < 3; index++) {
      const page = toFeedPage(
        applyChildQuery(rows, {
          orderBy: 'createdAt',
          limitToLast: 6,
          ...(walked.cursors[index] && {
            endBefore: [walked.cursors[index]!.value, walked.cursors[index]!.key],
          }),
        }),
        null,
      );
      walked = afterPageRead(walked, index, page.next);
    }
    expect(known.cursors).toEqual(walked.cursors);
  });

  it('reads at most MAX_SEEK_PAGES pages (≤ 100 rows) at a time', () => {
    const { known, specs } = seekTo(feedOf(300), 40);
    expect(specs.length).toBe(3);
    for (const spec of specs) expect(spec.limitToLast).toBeLessThanOrEqual(100);
    expect(specs[0].limitToLast).toBe(MAX_SEEK_PAGES * 5 + 1);
    expect(known.cursors.length).toBeGreaterThanOrEqual(41);
    expect(known.complete).toBe(false);
  });

  it('learns the feed has ended when the seek comes back short', () => {
    const { known } = seekTo(feedOf(12), 8);
    expect(known).toMatchObject({ complete: true });
    expect(known.cursors).toHaveLength(3);
  });

  it('seeks one author with uid cursors', () => {
    const known = { cursors: [null, { value: 'uid-meera', key: 'm5' }], complete: false };
    expect(seekQuery('uid-meera', known, 3)).toEqual({
      orderBy: 'uid',
      startAt: ['uid-meera'],
      endBefore: ['uid-meera', 'm5'],
      limitToLast: 11,
    });
  });
});

describe('pageItems', () => {
  it.each<[number, number, Array<number | 'gap'>]>([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [2, 4, [1, 2, 3, 4]],
    [5, 9, [1, 'gap', 4, 5, 6, 'gap', 9]],
    [1, 9, [1, 2, 'gap', 9]],
    [3, 9, [1, 2, 3, 4, 'gap', 9]],
    [9, 9, [1, 'gap', 8, 9]],
  ])('page %i of %i shows %j', (page, count, items) => {
    expect(pageItems(page, count)).toEqual(items);
  });
});

describe('pageCountLabel', () => {
  it('says “or more” until the end is known', () => {
    expect(pageCountLabel(2, 3, false)).toBe('Page 2 of 3 or more');
    expect(pageCountLabel(3, 3, true)).toBe('Page 3 of 3');
  });
});
