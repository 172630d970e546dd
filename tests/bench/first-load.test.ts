/**
 * The first-load guard's reading of a build (scripts/bench/first-load.ts): which screens an address loads, and what
 * a page over its caps is told, so the figure that grew and the chunks it is made of are named.
 */
import { describe, expect, it } from 'vitest';
import type { FirstLoadCaps } from '../../scripts/bench/budgets';
import {
  chunkNameOf,
  firstLoadPaths,
  overCaps,
  screenChunkName,
  screensOf,
  type FirstLoad,
} from '../../scripts/bench/first-load';

describe('the screens an address loads first', () => {
  it('follows the route table: the layout page first where the route sits inside it', () => {
    expect(screensOf(firstLoadPaths.home)).toEqual(['layout', 'feed']);
    expect(screensOf(firstLoadPaths.feed)).toEqual(['layout', 'feed']);
    expect(screensOf(firstLoadPaths.profile)).toEqual(['layout', 'profile']);
    expect(screensOf(firstLoadPaths.challenge)).toEqual(['challenge']);
    expect(screensOf(firstLoadPaths['group-challenge'])).toEqual(['challenge']);
    expect(screensOf(firstLoadPaths.leaderboard)).toEqual(['leader-board']);
  });

  it("names each screen's chunk as the build does", () => {
    expect(screenChunkName('layout')).toBe('layout-page');
    expect(screenChunkName('feed')).toBe('feed-screen');
    expect(screenChunkName('challenge')).toBe('challenge-page');
    expect(screenChunkName('about')).toBe('about-screen');
    expect(screenChunkName('leader-board')).toBe('leaderboard-page');
    expect(() => screenChunkName('admin')).toThrow('No chunk known for the screen "admin"');
    expect(chunkNameOf('assets/feed-screen-CTYH5j-l.js')).toBe('feed-screen');
    expect(chunkNameOf('assets/style-CqqAC6uM.css')).toBe('style');
  });
});

describe('a page over its caps', () => {
  const chunk = (file: string, gzipBytes: number) => ({ file, bytes: gzipBytes * 3, gzipBytes });
  const load: FirstLoad = {
    page: 'feed',
    path: '/feed',
    screens: ['layout', 'feed'],
    js: {
      chunks: [chunk('assets/react-dom-a.js', 60_000), chunk('assets/feed-screen-b.js', 10_240)],
      bytes: 210_720,
      gzipBytes: 70_240,
    },
    css: { chunks: [chunk('assets/style-c.css', 20_480)], bytes: 61_440, gzipBytes: 20_480 },
  };
  const modules = new Map([
    ['assets/react-dom-a.js', 10],
    ['assets/feed-screen-b.js', 14],
  ]);
  const caps: FirstLoadCaps = { jsGzipBytes: 70_240, cssGzipBytes: 20_480, modules: 24 };

  it('passes at its caps', () => {
    expect(overCaps(load, modules, caps)).toEqual([]);
  });

  it('says which figure grew past which cap, and lists the chunks with their sizes and modules', () => {
    expect(
      overCaps(load, modules, { jsGzipBytes: 70_000, cssGzipBytes: 20_000, modules: 23 }),
    ).toEqual([
      'feed (/feed, screens layout + feed): first-load JS 68.6 KB gzip, over its cap of 68.4 KB. Its chunks: ' +
        'assets/react-dom-a.js 58.6 KB, 10 modules; assets/feed-screen-b.js 10.0 KB, 14 modules',
      'feed (/feed, screens layout + feed): first-load CSS 20.0 KB gzip, over its cap of 19.5 KB: assets/style-c.css 20.0 KB',
      'feed (/feed, screens layout + feed): 24 modules in the first-load JS, over its cap of 23. Its chunks: ' +
        'assets/react-dom-a.js 58.6 KB, 10 modules; assets/feed-screen-b.js 10.0 KB, 14 modules',
    ]);
  });

  it('fails a chunk whose modules were not counted rather than pass it', () => {
    const [problem] = overCaps(load, new Map([['assets/react-dom-a.js', 10]]), caps);
    expect(problem).toContain('NaN modules in the first-load JS');
  });
});
