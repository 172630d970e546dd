/**
 * POST /internal/setTimeCreated: a stored object's creation time moved earlier (what the demo data
 * needs for proof photos taken on past days), kept across a restart with --data; never a time to
 * come, never an object that does not exist.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startStorageEmulator } from '../../storage/server';

const bucket = 'demo-backdate.appspot.com';
const name = 'Challenge/uid-1/-Nchallenge/Day1-breakfast.jpg';
const dataDir = mkdtempSync(join(tmpdir(), 'storage-backdate-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function upload(base: string) {
  const response = await fetch(`${base}/v0/b/${bucket}/o?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { Authorization: 'Firebase owner', 'Content-Type': 'image/jpeg' },
    body: new Uint8Array([0xff, 0xd8, 0xff, 0xd9]),
  });
  expect(response.status).toBe(200);
}

const setTimeCreated = (base: string, body: unknown) =>
  fetch(`${base}/internal/setTimeCreated`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

const gcsMetadata = async (base: string) =>
  (await (await fetch(`${base}/storage/v1/b/${bucket}/o/${encodeURIComponent(name)}`)).json()) as {
    timeCreated: string;
    updated: string;
  };

describe('POST /internal/setTimeCreated', () => {
  it('moves a stored object’s creation time earlier, also after a restart', async () => {
    let emulator = await startStorageEmulator({ port: 0, dataDir, log: () => undefined });
    let base = `http://${emulator.host}:${emulator.port}`;
    await upload(base);
    const earlier = '2026-01-05T03:00:00.000Z';
    expect((await setTimeCreated(base, { bucket, name, timeCreated: earlier })).status).toBe(200);
    expect(await gcsMetadata(base)).toMatchObject({ timeCreated: earlier, updated: earlier });

    await emulator.close();
    emulator = await startStorageEmulator({ port: 0, dataDir, log: () => undefined });
    base = `http://${emulator.host}:${emulator.port}`;
    try {
      expect((await gcsMetadata(base)).timeCreated).toBe(earlier);
      // Refused: a time to come, an object that is not there, a body without a time.
      const future = new Date(Date.now() + 3_600_000).toISOString();
      expect((await setTimeCreated(base, { bucket, name, timeCreated: future })).status).toBe(400);
      expect(
        (await setTimeCreated(base, { bucket, name: 'nothing.jpg', timeCreated: earlier })).status,
      ).toBe(404);
      expect((await setTimeCreated(base, { bucket, name })).status).toBe(400);
      expect((await gcsMetadata(base)).timeCreated).toBe(earlier);
    } finally {
      await emulator.close();
    }
  });
});
