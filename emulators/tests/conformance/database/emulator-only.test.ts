// Behaviour of this project's emulator itself (always this one, never the external emulator):
// persistence with dataDir, the rules file option, the CLI.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startDatabaseEmulator } from '../../../database/server';
import { packageRoot } from '../../package-root';
import { rest, uniqueId, WireClient, type Target } from './target';

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'rtdb-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const asTarget = (emu: { host: string; port: number }, ns: string): Target => ({
  host: emu.host,
  port: emu.port,
  ns,
  external: false,
  origin: `http://${emu.host}:${emu.port}`,
  close: async () => {},
});

describe('this emulator', () => {
  it('persists every namespace to dataDir on close and loads it at start, priorities included', async () => {
    const dataDir = join(tmp(), 'database');
    const first = await startDatabaseEmulator({ port: 0, dataDir, log: () => {} });
    const a = asTarget(first, 'ns-a');
    const b = asTarget(first, 'ns-b');
    await rest(a, 'PUT', '/x.json', { body: { v: 1, p: { '.value': 'P', '.priority': 2 } } });
    await rest(b, 'PUT', '/y.json', { body: 'b' });
    // an onDisconnect op runs when the emulator shuts down, before the snapshot is written
    const wire = await WireClient.connect(a);
    await wire.request('o', { p: '/presence', d: 'offline' });
    await first.close();
    expect(existsSync(join(dataDir, 'ns-a.json'))).toBe(true);

    const second = await startDatabaseEmulator({ port: 0, dataDir, log: () => {} });
    try {
      const a2 = asTarget(second, 'ns-a');
      expect((await rest(a2, 'GET', '/x.json')).body).toEqual({ v: 1, p: 'P' });
      expect((await rest(a2, 'GET', '/x/p.json', { params: { format: 'export' } })).body).toEqual({
        '.value': 'P',
        '.priority': 2,
      });
      expect((await rest(a2, 'GET', '/presence.json')).body).toBe('offline');
      expect((await rest(asTarget(second, 'ns-b'), 'GET', '/y.json')).body).toBe('b');
      await rest(asTarget(second, 'ns-b'), 'DELETE', '/.json');
    } finally {
      await second.close();
    }
    expect(existsSync(join(dataDir, 'ns-b.json'))).toBe(false);
  });

  it('a rules file applies to every namespace until rules are PUT for one; bad rules fail at start', async () => {
    const dir = tmp();
    const rulesFile = join(dir, 'database.rules.json');
    writeFileSync(rulesFile, '{ "rules": { ".read": true, ".write": false } }');
    const emu = await startDatabaseEmulator({ port: 0, rulesFile, log: () => {} });
    try {
      const one = asTarget(emu, uniqueId('one-'));
      const two = asTarget(emu, uniqueId('two-'));
      expect((await rest(one, 'PUT', '/a.json', { body: 1 })).status).toBe(401);
      expect((await rest(two, 'PUT', '/a.json', { body: 1 })).status).toBe(401);
      expect((await rest(one, 'GET', '/.settings/rules.json')).text).toBe(
        readFileSync(rulesFile, 'utf8'),
      );
      await rest(two, 'PUT', '/.settings/rules.json', {
        rawBody: '{"rules": {".write": true}}',
        token: 'owner',
      });
      expect((await rest(two, 'PUT', '/a.json', { body: 1 })).status).toBe(200);
      expect((await rest(one, 'PUT', '/a.json', { body: 1 })).status).toBe(401);
    } finally {
      await emu.close();
    }
    writeFileSync(rulesFile, '{ "rules": { ".read": "unknownFunction()" } }');
    await expect(startDatabaseEmulator({ port: 0, rulesFile, log: () => {} })).rejects.toThrow(
      /database\.rules\.json/,
    );
  });

  it('without a rules file everything is open (like the official emulator)', async () => {
    const emu = await startDatabaseEmulator({ port: 0, log: () => {} });
    try {
      const t = asTarget(emu, uniqueId('open-'));
      expect((await rest(t, 'PUT', '/a.json', { body: 1 })).status).toBe(200);
      expect((await rest(t, 'GET', '/a.json')).body).toBe(1);
    } finally {
      await emu.close();
    }
  });

  it('the CLI prints one ready line, serves, and writes the snapshot on SIGTERM', async () => {
    const dataDir = join(tmp(), 'data');
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'database/cli.ts',
        '--host',
        '127.0.0.1',
        '--port',
        '0',
        '--data',
        dataDir,
      ],
      { cwd: packageRoot, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    const ready = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`CLI not ready: ${out}`)), 20_000);
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /RTDB emulator ready on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
      child.on('exit', () => reject(new Error(`CLI exited: ${out}`)));
    });
    const [host, port] = ready.replace('http://', '').split(':');
    const t = asTarget({ host, port: Number(port) }, 'cli');
    expect((await rest(t, 'PUT', '/k.json', { body: 'v' })).status).toBe(200);
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(out.trim().split('\n')).toEqual([`RTDB emulator ready on ${ready}`]);
    expect(JSON.parse(readFileSync(join(dataDir, 'cli.json'), 'utf8'))).toEqual({ k: 'v' });
  });
});
