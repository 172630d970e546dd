/**
 * Persistence (in memory by default; with a data directory, files and metadata survive a
 * restart), the CLI (one ready line, exit 0 on SIGINT/SIGTERM, bad rules exit 1) and the rules
 * file (loaded at start, reloaded on change). Emulator-specific: skipped against an external one.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import {
  deleteObject,
  getBytes,
  getDownloadURL,
  getMetadata,
  listAll,
  ref,
  updateMetadata,
  uploadBytes,
  uploadBytesResumable,
  uploadString,
} from 'firebase/storage';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startStorageEmulator } from '../../../storage/server';
import { runCliToExit, spawnCli } from './cli-process';
import {
  Clients,
  CONFORMANCE_RULES,
  sameBytes,
  startEmulatorUnderTest,
  testBytes,
  uniqueId,
  USING_EXTERNAL,
  type EmulatorUnderTest,
} from './helpers';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'storage-persist-'));
  dirs.push(d);
  return d;
};
let clientsList: Clients[] = [];
const clientsFor = (emu: EmulatorUnderTest, bucket: string) => {
  const c = new Clients(emu, bucket);
  clientsList.push(c);
  return c;
};

afterEach(async () => {
  await Promise.all(clientsList.map((c) => c.cleanup()));
  clientsList = [];
});

afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe.skipIf(USING_EXTERNAL)('persistence', () => {
  it('keeps blobs and metadata across a restart with a data directory', async () => {
    const dataDir = tempDir();
    const bucket = uniqueId('persist');
    const big = testBytes(700_000, 31);

    let emu = await startEmulatorUnderTest({ dataDir });
    let s = clientsFor(emu, bucket).storage('alice');
    const a = await uploadString(ref(s, 'open/p/a.txt'), 'alpha', 'raw', {
      contentType: 'text/plain',
      customMetadata: { k: 'v' },
    });
    await uploadBytesResumable(ref(s, 'open/p/big.bin'), big);
    await uploadString(ref(s, 'open/p/gone.txt'), 'temporary');
    await deleteObject(ref(s, 'open/p/gone.txt'));
    const updated = await updateMetadata(ref(s, 'open/p/a.txt'), { cacheControl: 'max-age=5' });
    await uploadString(ref(s, 'open/p/over.txt'), 'first');
    await uploadString(ref(s, 'open/p/over.txt'), 'second');
    const url = await getDownloadURL(ref(s, 'open/p/a.txt'));
    await emu.close();

    emu = await startEmulatorUnderTest({ dataDir });
    s = clientsFor(emu, bucket).storage('alice');
    const meta = await getMetadata(ref(s, 'open/p/a.txt'));
    expect(meta).toMatchObject({
      generation: a.metadata.generation,
      metageneration: '2',
      md5Hash: a.metadata.md5Hash,
      cacheControl: 'max-age=5',
      customMetadata: { k: 'v' },
      updated: updated.updated,
      timeCreated: a.metadata.timeCreated,
    });
    expect(new TextDecoder().decode(await getBytes(ref(s, 'open/p/a.txt')))).toBe('alpha');
    expect(sameBytes(await getBytes(ref(s, 'open/p/big.bin')), big)).toBe(true);
    expect(new TextDecoder().decode(await getBytes(ref(s, 'open/p/over.txt')))).toBe('second');
    await expect(getMetadata(ref(s, 'open/p/gone.txt'))).rejects.toMatchObject({
      code: 'storage/object-not-found',
    });
    // The old download URL (token) still works on the new port.
    const again = new URL(url);
    again.port = String(emu.port);
    expect(await (await fetch(again)).text()).toBe('alpha');
    expect((await listAll(ref(s, 'open/p'))).items.map((r) => r.name)).toEqual([
      'a.txt',
      'big.bin',
      'over.txt',
    ]);
    // New generations keep growing after a restart.
    const next = await uploadString(ref(s, 'open/p/a.txt'), 'alpha 2');
    expect(BigInt(next.metadata.generation)).toBeGreaterThan(BigInt(a.metadata.generation));
    await emu.close();

    // Only one blob per live object is left on disk (overwrites and deletes cleaned up).
    expect(readdirSync(path.join(dataDir, 'blobs')).length).toBe(3);
    expect(readdirSync(path.join(dataDir, 'objects')).length).toBe(3);
  });

  it('drops unreadable metadata and orphan blobs at start', async () => {
    const dataDir = tempDir();
    const bucket = uniqueId('persist');
    let emu = await startEmulatorUnderTest({ dataDir });
    await uploadString(ref(clientsFor(emu, bucket).storage('alice'), 'open/ok.txt'), 'ok');
    await emu.close();
    writeFileSync(path.join(dataDir, 'objects', 'broken.json'), '{not json');
    writeFileSync(path.join(dataDir, 'blobs', '00000000-0000-0000-0000-000000000000'), 'orphan');
    const logs: string[] = [];
    emu = await startEmulatorUnderTest({ dataDir, log: (l) => logs.push(l) });
    expect(logs.join('\n')).toMatch(/broken\.json/);
    const s = clientsFor(emu, bucket).storage('alice');
    expect(new TextDecoder().decode(await getBytes(ref(s, 'open/ok.txt')))).toBe('ok');
    expect(readdirSync(path.join(dataDir, 'blobs'))).toHaveLength(1);
    await emu.close();
  });

  it('keeps everything in memory without a data directory', async () => {
    const bucket = uniqueId('memory');
    let emu = await startEmulatorUnderTest();
    await uploadString(ref(clientsFor(emu, bucket).storage('alice'), 'open/m.txt'), 'm');
    await emu.close();
    emu = await startEmulatorUnderTest();
    await expect(
      getMetadata(ref(clientsFor(emu, bucket).storage('alice'), 'open/m.txt')),
    ).rejects.toMatchObject({ code: 'storage/object-not-found' });
    await emu.close();
  });
});

describe.skipIf(USING_EXTERNAL)('rules file', () => {
  it('refuses to start with rules that do not compile, naming the problem', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'storage.rules');
    writeFileSync(
      file,
      "rules_version = '2'; service firebase.storage { match /b/{bucket}/o { allow read: if debug(1); } }",
    );
    await expect(startStorageEmulator({ port: 0, rulesFile: file })).rejects.toThrow(/debug\(\)/);
    await expect(
      startStorageEmulator({ port: 0, rulesFile: path.join(dir, 'missing.rules') }),
    ).rejects.toThrow(/missing\.rules/);
  });

  it('reloads the rules file when it changes (invalid edits keep the previous rules)', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'storage.rules');
    const rules = (cond: string) =>
      `rules_version = '2'; service firebase.storage { match /b/{bucket}/o { match /{p=**} { allow read, write: if ${cond}; } } }`;
    writeFileSync(file, rules('false'));
    const logs: string[] = [];
    const running = await startStorageEmulator({
      port: 0,
      rulesFile: file,
      log: (l) => logs.push(l),
    });
    const emu: EmulatorUnderTest = {
      host: running.host,
      port: running.port,
      hostPort: `${running.host}:${running.port}`,
      url: `http://${running.host}:${running.port}`,
      external: false,
      close: () => running.close(),
    };
    try {
      const s = clientsFor(emu, uniqueId('reload')).storage('alice');
      await expect(uploadString(ref(s, 'x.txt'), 'x')).rejects.toMatchObject({
        code: 'storage/unauthorized',
      });
      await new Promise((r) => setTimeout(r, 1100)); // coarse mtime resolution on some filesystems
      writeFileSync(file, rules('request.auth.uid == "alice"'));
      const deadline = Date.now() + 8000;
      for (;;) {
        try {
          await uploadString(ref(s, 'x.txt'), 'x');
          break;
        } catch (err) {
          if (Date.now() > deadline) throw err;
          await new Promise((r) => setTimeout(r, 200));
        }
      }
      writeFileSync(file, 'this is not a rules file');
      const deadline2 = Date.now() + 8000;
      while (!logs.some((l) => /kept previous rules/.test(l)) && Date.now() < deadline2) {
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(logs.some((l) => /kept previous rules/.test(l))).toBe(true);
      await uploadString(ref(s, 'y.txt'), 'still allowed');
    } finally {
      await emu.close();
    }
  }, 30_000);
});

describe.skipIf(USING_EXTERNAL)('CLI', () => {
  it('prints exactly one ready line, serves, and exits 0 on SIGTERM and SIGINT after flushing', async () => {
    const dataDir = tempDir();
    const rulesFile = path.join(tempDir(), 'storage.rules');
    writeFileSync(rulesFile, CONFORMANCE_RULES);
    const bucket = uniqueId('cli');

    let child = await spawnCli(['--rules', rulesFile, '--data', dataDir]);
    const s = clientsFor(child.emu, bucket).storage('alice');
    await uploadBytes(ref(s, 'open/cli.bin'), testBytes(5000, 2));
    child.proc.kill('SIGTERM');
    expect(await child.exited).toBe(0);
    expect(child.stdout()).toMatch(/^Storage emulator ready on http:\/\/127\.0\.0\.1:\d+\n$/);

    child = await spawnCli(['--rules', rulesFile, '--data', dataDir, '--quiet']);
    const s2 = clientsFor(child.emu, bucket).storage('alice');
    expect(new Uint8Array(await getBytes(ref(s2, 'open/cli.bin')))).toEqual(testBytes(5000, 2));
    child.proc.kill('SIGINT');
    expect(await child.exited).toBe(0);
    expect(child.stdout().split('\n').filter(Boolean)).toHaveLength(1);
    expect(child.stderr()).toBe('');
  }, 60_000);

  it('exits 1 with a message when the rules file is invalid or an argument is wrong', async () => {
    const rulesFile = path.join(tempDir(), 'storage.rules');
    writeFileSync(
      rulesFile,
      'service firebase.storage { match /b/{bucket}/o { allow read: if nope; } }',
    );
    const bad = await runCliToExit(['--rules', rulesFile]);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/unknown variable nope/);
    const wrong = await runCliToExit(['--port', 'abc']);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/--port/);
  }, 60_000);
});
