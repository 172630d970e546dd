/**
 * Large uploads stream: a chunk is appended to disk as it arrives (never buffered whole), and a
 * 20 MB upload through the SDK succeeds while the emulator process's peak memory stays small.
 * These tests start the emulator themselves (CLI child process / dataDir), so they are skipped
 * against an external emulator.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import * as http from 'node:http';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { getMetadata, ref, uploadBytesResumable } from 'firebase/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnCli, type Child } from './cli-process';
import {
  Clients,
  setRules,
  CONFORMANCE_RULES,
  testBytes,
  uniqueId,
  USING_EXTERNAL,
} from './helpers';

const MB = 1024 * 1024;

function peakRssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const m = /VmHWM:\s+(\d+) kB/.exec(status);
  return m ? Number(m[1]) * 1024 : NaN;
}

describe.skipIf(USING_EXTERNAL)('streaming uploads', () => {
  let dataDir: string;
  let child: Child;
  let clients: Clients;
  const bucket = uniqueId('large');

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'storage-large-'));
    child = await spawnCli(['--data', dataDir, '--quiet']);
    const res = await setRules(child.emu, CONFORMANCE_RULES);
    expect(res.status).toBe(200);
    clients = new Clients(child.emu, bucket);
  });

  afterAll(async () => {
    await clients?.cleanup();
    await child?.emu.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('appends a chunk to disk while its request body is still arriving', async () => {
    const size = 8 * MB;
    const start = await fetch(`${child.emu.url}/v0/b/${bucket}/o?name=open%2Fstreamed.bin`, {
      method: 'POST',
      headers: {
        'X-Goog-Upload-Protocol': 'resumable',
        'X-Goog-Upload-Command': 'start',
        'X-Goog-Upload-Header-Content-Length': String(size),
        'Content-Type': 'application/json; charset=utf-8',
      },
      body: JSON.stringify({ name: 'open/streamed.bin' }),
    });
    expect(start.status).toBe(200);
    const uploadUrl = new URL(start.headers.get('x-goog-upload-url')!);
    const data = testBytes(size, 5);

    const req = http.request(uploadUrl, {
      method: 'POST',
      headers: {
        'X-Goog-Upload-Command': 'upload, finalize',
        'X-Goog-Upload-Offset': '0',
        'Content-Length': String(size),
      },
    });
    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      req.on('response', (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
    });
    const write = (chunk: Uint8Array) =>
      new Promise<void>((resolve) => (req.write(chunk) ? resolve() : req.once('drain', resolve)));

    // Send 5 MB, then watch the partial file grow before the request is complete.
    for (let off = 0; off < 5 * MB; off += MB) await write(data.subarray(off, off + MB));
    const partialDir = path.join(dataDir, 'uploads');
    const deadline = Date.now() + 10_000;
    let partialSize = 0;
    while (Date.now() < deadline) {
      const parts = existsSync(partialDir)
        ? readdirSync(partialDir).filter((f) => f.endsWith('.part'))
        : [];
      partialSize = parts.reduce((n, f) => n + statSync(path.join(partialDir, f)).size, 0);
      if (partialSize >= 4 * MB) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(partialSize).toBeGreaterThanOrEqual(4 * MB);
    expect(partialSize).toBeLessThanOrEqual(5 * MB);

    for (let off = 5 * MB; off < size; off += MB) await write(data.subarray(off, off + MB));
    req.end();
    const { status, body } = await response;
    expect(status).toBe(200);
    const meta = JSON.parse(body) as Record<string, string>;
    expect(meta.size).toBe(String(size));
    expect(meta.md5Hash).toBe(createHash('md5').update(data).digest('base64'));
    // The partial file became the object: nothing is left in uploads/.
    expect(readdirSync(partialDir).filter((f) => f.endsWith('.part'))).toEqual([]);
  });

  it('uploads 20 MB through uploadBytesResumable (three times) with a bounded emulator memory peak', async () => {
    const baseline = peakRssBytes(child.proc.pid!);
    const data = testBytes(20 * MB, 6);
    const digest = createHash('md5').update(data).digest('base64');
    const storage = clients.storage('alice');
    for (const name of ['open/twenty-1.bin', 'open/twenty-2.bin', 'open/twenty-3.bin']) {
      const snap = await uploadBytesResumable(ref(storage, name), data, {
        contentType: 'application/octet-stream',
      });
      expect(snap.state).toBe('success');
      expect(snap.metadata.size).toBe(20 * MB);
      expect((await getMetadata(ref(storage, name))).md5Hash).toBe(digest);
    }
    const peak = peakRssBytes(child.proc.pid!);
    if (Number.isFinite(peak) && Number.isFinite(baseline)) {
      // 60 MB went through; chunks go to disk as they arrive (previous test), so the peak is
      // what the GC has not collected yet, not the uploads themselves.
      expect(peak - baseline).toBeLessThan(56 * MB);
    }
  }, 90_000);
});
