/**
 * The RTDB emulator counts what it serves (emulators/database/operation-counts.ts), in the operation
 * types of `firebase database:profile`: a small case whose every count is worked out by hand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDatabaseEmulator, type RunningDatabaseEmulator } from '../../database/server';
import type { OperationReport } from '../../database/operation-counts';
import { eventually, rest, WireClient, type Target } from '../conformance/database/target';

async function operations(target: Target): Promise<OperationReport> {
  const answer = await rest(target, 'GET', '/.debug/operations.json');
  expect(answer.status).toBe(200);
  return answer.body as OperationReport;
}

const at = (report: OperationReport, name: string, origin: string, path: string) =>
  report.paths.find(
    (entry) => entry.name === name && entry.origin === origin && entry.path === path,
  );
const listener = (report: OperationReport, path: string) =>
  report.listeners.find((entry) => entry.path === path);

describe('the database emulator’s operation counts', () => {
  let emulator: RunningDatabaseEmulator;
  let target: Target;

  beforeAll(async () => {
    emulator = await startDatabaseEmulator({ port: 0, log: () => {} });
    target = {
      host: emulator.host,
      port: emulator.port,
      ns: 'operation-counts',
      external: false,
      origin: `http://${emulator.host}:${emulator.port}`,
      close: () => emulator.close(),
    };
  });
  afterAll(() => target.close());

  it('counts connections, listens, writes, each broadcast per listener reached, reads and bytes', async () => {
    // Three clients: a board listener, a listener on the whole group, a feed listener.
    const board = await WireClient.connect(target);
    const group = await WireClient.connect(target);
    const feed = await WireClient.connect(target);
    expect((await board.request('q', { p: '/groups/g1/members', h: '' })).s).toBe('ok');
    expect((await group.request('q', { p: '/groups/g1', h: '' })).s).toBe('ok');
    expect((await feed.request('q', { p: '/feed', h: '' })).s).toBe('ok');

    // A proof's board row: reaches the board and the group listener (2 broadcasts), not the feed.
    const row = { meals: 1 };
    expect(
      (await rest(target, 'PUT', '/groups/g1/members/u1.json', { body: row, token: 'owner' }))
        .status,
    ).toBe(200);
    // One multi-path server update: the feed entry (1 broadcast) and the group's count (1 broadcast).
    expect(
      (
        await rest(target, 'PATCH', '/.json', {
          body: { 'feed/c1': { t: 1 }, 'groups/g1/memberCount': 1 },
          token: 'owner',
        })
      ).status,
    ).toBe(200);
    // A client write nobody listens to, and a REST read of the feed.
    expect((await board.request('p', { p: '/users/u1/seen', d: 5 })).s).toBe('ok');
    expect((await rest(target, 'GET', '/feed.json', { token: 'owner' })).status).toBe(200);
    // A measuring tool's own read is left out.
    const uncounted = { token: 'owner', headers: { 'X-Not-Counted': '1' } };
    expect((await rest(target, 'GET', '/feed.json', uncounted)).status).toBe(200);
    expect((await feed.request('n', { p: '/feed' })).s).toBe('ok');

    const report = await operations(target);
    expect(report.namespace).toBe('operation-counts');
    expect(report.requests).toEqual({
      'concurrent-connect': { count: 3, bytes: 0 },
      'listener-listen': { count: 3, bytes: 12 }, // three initial answers of `null`
      'rest-write': { count: 1, bytes: JSON.stringify(row).length },
      'rest-update': { count: 1, bytes: '{"t":1}'.length + '1'.length },
      'realtime-write': { count: 1, bytes: 1 },
      'listener-broadcast': { count: 4, bytes: expect.any(Number) as number },
      'rest-read': { count: 1, bytes: '{"c1":{"t":1}}'.length },
      'listener-unlisten': { count: 1, bytes: 0 },
    });
    // The update counted once per location it wrote; each broadcast at the listener it reached.
    expect(at(report, 'rest-update', 'server', '/feed/c1')).toMatchObject({ count: 1, bytes: 7 });
    expect(at(report, 'rest-update', 'server', '/groups/g1/memberCount')).toMatchObject({
      count: 1,
      bytes: 1,
    });
    expect(at(report, 'listener-broadcast', 'client', '/groups/g1/members')?.count).toBe(1);
    expect(at(report, 'listener-broadcast', 'client', '/groups/g1')?.count).toBe(2);
    expect(at(report, 'listener-broadcast', 'client', '/feed')?.count).toBe(1);
    expect(at(report, 'realtime-write', 'client', '/users/u1/seen')).toMatchObject({
      count: 1,
      bytes: 1,
    });
    expect(report.connections).toMatchObject({ current: 3, peak: 3 });
    expect(listener(report, '/groups/g1/members')).toMatchObject({ current: 1, peak: 1 });
    expect(listener(report, '/feed')).toMatchObject({ current: 0, peak: 1 });
    expect(report.connections.seconds).toBeGreaterThanOrEqual(0);

    await board.close();
    await eventually(async () => {
      const after = await operations(target);
      expect(after.requests['concurrent-disconnect']).toEqual({ count: 1, bytes: 0 });
      expect(after.connections).toMatchObject({ current: 2, peak: 3 });
      expect(listener(after, '/groups/g1/members')).toMatchObject({ current: 0, peak: 1 });
    });

    // Reset: counts start again; what is still open stays counted as open.
    expect((await rest(target, 'DELETE', '/.debug/operations.json')).status).toBe(200);
    const fresh = await operations(target);
    expect(fresh.requests).toEqual({});
    expect(fresh.paths).toEqual([]);
    expect(fresh.connections).toMatchObject({ current: 2, peak: 2 });
    expect(listener(fresh, '/groups/g1')).toMatchObject({ current: 1, peak: 1 });
    expect(listener(fresh, '/feed')).toBeUndefined();
    await Promise.all([group.close(), feed.close()]);
  });
});
