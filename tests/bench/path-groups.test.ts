/**
 * How the bench sums the RTDB emulator's operation counts by path group (scripts/bench/path-groups.ts,
 * docs/scaling.md "How it is measured"): every location in its group, reads / client and server writes /
 * broadcasts told apart, and what reached the app's own connections.
 */
import { describe, expect, it } from 'vitest';
import type { OperationReport } from 'challangex-emulators/database';
import { dbPaths } from '@domain/data/database-paths';
import { countsByGroup, pathGroupOf } from '../../scripts/bench/path-groups';

describe('pathGroupOf', () => {
  it('puts each of the app’s locations in its group', () => {
    expect(pathGroupOf(`/${dbPaths.feedEntry('c1')}`)).toBe('feed');
    expect(pathGroupOf(`/${dbPaths.challenge('u1', 'c1')}/meals/Day1`)).toBe('own challenges');
    expect(pathGroupOf(`/${dbPaths.userInfo('u1')}`)).toBe('own challenges');
    expect(pathGroupOf(`/${dbPaths.groupMember('c1', 'u1')}`)).toBe('groups and boards');
    expect(pathGroupOf(`/${dbPaths.groupGiven('c1', 'u1')}`)).toBe('groups and boards');
    expect(pathGroupOf(`/${dbPaths.leaderboardWeekly('2026-W48')}`)).toBe('leaderboards');
    expect(pathGroupOf(`/${dbPaths.notices('u1')}/n1`)).toBe('notices');
    expect(pathGroupOf(`/${dbPaths.noticesSeenAt('u1')}`)).toBe('notices');
    expect(pathGroupOf(`/${dbPaths.memberGlance('u1')}`)).toBe('progress');
    expect(pathGroupOf(`/${dbPaths.progressMember('u1')}`)).toBe('progress');
    expect(pathGroupOf(`/${dbPaths.serverLimit('proof/u1')}`)).toBe('server-only');
    expect(pathGroupOf(`/${dbPaths.groupCheer('c1', 'u1', 'Day1-dinner', 'u2')}`)).toBe(
      'server-only',
    );
    expect(pathGroupOf(`/${dbPaths.banner}`)).toBe('site');
  });
});

describe('countsByGroup', () => {
  it('sums reads, client and server writes, broadcasts, bytes and listeners per group', () => {
    const report: OperationReport = {
      namespace: 'n',
      since: 0,
      now: 10_000,
      requests: {},
      paths: [
        { name: 'listener-listen', origin: 'client', path: '/feed', count: 1, bytes: 2_000 },
        { name: 'rest-read', origin: 'client', path: '/feed', count: 1, bytes: 1_000 },
        { name: 'listener-broadcast', origin: 'client', path: '/feed', count: 3, bytes: 300 },
        { name: 'realtime-update', origin: 'server', path: '/feed/c1', count: 2, bytes: 50 },
        {
          name: 'realtime-write',
          origin: 'client',
          path: '/users/u1/noticesSeenAt',
          count: 1,
          bytes: 13,
        },
        {
          name: 'listener-listen',
          origin: 'server',
          path: '/progress/u1/member',
          count: 4,
          bytes: 400,
        },
      ],
      connections: { current: 0, peak: 1, seconds: 10 },
      listeners: [{ path: '/feed', current: 1, peak: 2, seconds: 7.5 }],
    };
    const groups = countsByGroup(report);
    expect(groups.feed).toEqual({
      reads: 2,
      clientWrites: 0,
      serverWrites: 2,
      broadcasts: 3,
      bytes: 3_350,
      clientDownloadBytes: 3_300,
      listenerSeconds: 7.5,
      listenersNow: 1,
    });
    expect(groups.notices).toMatchObject({ clientWrites: 1, serverWrites: 0, bytes: 13 });
    expect(groups.progress).toMatchObject({ reads: 4, clientDownloadBytes: 0, bytes: 400 });
    expect(groups.leaderboards).toMatchObject({ reads: 0, broadcasts: 0, bytes: 0 });
  });
});
