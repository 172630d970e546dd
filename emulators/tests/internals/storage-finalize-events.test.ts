/**
 * Storage triggers: with a Functions emulator set, each finalized object is posted as the CloudEvent
 * Cloud Storage sends (google.cloud.storage.object.v1.finalized, its data the GCS object resource) to
 * firebase-tools' multicast endpoint, in the body firebase-tools' own storage emulator posts. Uploads
 * through the unmodified web SDK and firebase-admin are announced; the `owner` seeding path is not.
 * A local HTTP server stands in for the Functions emulator and records what arrives.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { deleteApp, initializeApp } from 'firebase/app';
import { connectStorageEmulator, getStorage, ref, uploadBytes } from 'firebase/storage';
import {
  deleteApp as deleteAdminApp,
  initializeApp as initializeAdminApp,
} from 'firebase-admin/app';
import { getStorage as getAdminStorage } from 'firebase-admin/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStorageEmulator, type RunningStorageEmulator } from '../../storage/server';

const projectId = 'demo-finalize-events';
const bucket = `${projectId}.appspot.com`;

interface Received {
  url: string;
  contentType: string | undefined;
  body: Record<string, unknown>;
}

let functions: http.Server;
let emulator: RunningStorageEmulator;
const received: Received[] = [];

beforeAll(async () => {
  functions = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        url: req.url ?? '',
        contentType: req.headers['content-type'],
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
      });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"status":"multicast_acknowledged"}');
    });
  });
  await new Promise<void>((resolve) => functions.listen(0, '127.0.0.1', resolve));
  const functionsPort = (functions.address() as AddressInfo).port;
  emulator = await startStorageEmulator({
    port: 0,
    functions: { functionsOrigin: `http://127.0.0.1:${functionsPort}`, projectId },
  });
  const rules = `rules_version = '2';
service firebase.storage { match /b/{bucket}/o { match /{all=**} { allow read, write: if request.auth != null; } } }`;
  const response = await fetch(`http://127.0.0.1:${emulator.port}/internal/setRules`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rules: { files: [{ name: 'storage.rules', content: rules }] } }),
  });
  expect(response.status).toBe(200);
});

afterAll(async () => {
  await emulator?.close();
  await new Promise((resolve) => functions?.close(resolve));
});

async function eventFor(name: string): Promise<Received> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const found = received.find(
      (event) => (event.body.data as { name?: string } | undefined)?.name === name,
    );
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no finalize event for ${name}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('finalize events to the Functions emulator', () => {
  it("posts a web SDK upload's CloudEvent to the multicast endpoint, as firebase-tools does", async () => {
    const app = initializeApp({ projectId, storageBucket: bucket, apiKey: 'any' }, 'sdk-upload');
    try {
      const storage = getStorage(app);
      connectStorageEmulator(storage, '127.0.0.1', emulator.port, {
        mockUserToken: { user_id: 'member-1' },
      });
      const name = 'Challenge/member-1/profile/avtar.jpg';
      await uploadBytes(ref(storage, name), new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2]), {
        contentType: 'image/jpeg',
      });
      const event = await eventFor(name);
      expect(event.url).toBe(`/functions/projects/${projectId}/trigger_multicast`);
      expect(event.contentType).toMatch(/^application\/cloudevents\+json/);
      expect(event.body).toMatchObject({
        specversion: '1.0',
        type: 'google.cloud.storage.object.v1.finalized',
        source: `//storage.googleapis.com/projects/_/buckets/${bucket}`,
        subject: `objects/${name}`,
        bucket,
      });
      expect(typeof event.body.id).toBe('string');
      const data = event.body.data as Record<string, unknown>;
      expect(data).toMatchObject({
        kind: 'storage#object',
        name,
        bucket,
        size: '6',
        contentType: 'image/jpeg',
      });
      expect(event.body.time).toBe(data.updated);
      expect(Date.parse(data.timeCreated as string)).toBeGreaterThan(Date.now() - 60_000);
      // The download token travels in the custom metadata, as on a real GCS object.
      expect(Object.keys(data.metadata as object)).toEqual(['firebaseStorageDownloadTokens']);
      expect(String(data.generation)).toMatch(/^\d+$/);
    } finally {
      await deleteApp(app);
    }
  });

  it('announces firebase-admin writes, but not the owner credential’s seeding writes', async () => {
    process.env.FIREBASE_STORAGE_EMULATOR_HOST = `127.0.0.1:${emulator.port}`;
    delete process.env.STORAGE_EMULATOR_HOST;
    const admin = initializeAdminApp({ projectId, storageBucket: bucket }, 'admin-upload');
    try {
      const adminName = 'admin/written.jpg';
      await getAdminStorage(admin)
        .bucket()
        .file(adminName)
        .save(Buffer.from([0xff, 0xd8]), { contentType: 'image/jpeg', resumable: false });
      expect((await eventFor(adminName)).body.type).toBe(
        'google.cloud.storage.object.v1.finalized',
      );
    } finally {
      await deleteAdminApp(admin);
    }

    const seeded = 'seed/backdated.jpg';
    const response = await fetch(
      `http://127.0.0.1:${emulator.port}/v0/b/${bucket}/o?name=${encodeURIComponent(seeded)}`,
      {
        method: 'POST',
        headers: { Authorization: 'Firebase owner', 'Content-Type': 'image/jpeg' },
        body: new Uint8Array([0xff, 0xd8]),
      },
    );
    expect(response.status).toBe(200);
    // A later write's event arrives; the seeded object's never does.
    const app = initializeApp({ projectId, storageBucket: bucket, apiKey: 'any' }, 'after-seed');
    try {
      const storage = getStorage(app);
      connectStorageEmulator(storage, '127.0.0.1', emulator.port, {
        mockUserToken: { user_id: 'member-2' },
      });
      await uploadBytes(ref(storage, 'after/seed.jpg'), new Uint8Array([1]), {
        contentType: 'image/jpeg',
      });
      await eventFor('after/seed.jpg');
    } finally {
      await deleteApp(app);
    }
    expect(received.some((event) => (event.body.data as { name: string }).name === seeded)).toBe(
      false,
    );
  });

  it('deletes through the GCS API only the generation named by ifGenerationMatch', async () => {
    const name = encodeURIComponent('gen/object.jpg');
    const put = async () => {
      const response = await fetch(
        `http://127.0.0.1:${emulator.port}/upload/storage/v1/b/${bucket}/o?uploadType=media&name=${name}`,
        { method: 'POST', headers: { 'Content-Type': 'image/jpeg' }, body: new Uint8Array([1]) },
      );
      return ((await response.json()) as { generation: string }).generation;
    };
    const first = await put();
    const second = await put();
    const remove = (generation: string) =>
      fetch(
        `http://127.0.0.1:${emulator.port}/storage/v1/b/${bucket}/o/${name}?ifGenerationMatch=${generation}`,
        { method: 'DELETE' },
      );
    expect((await remove(first)).status).toBe(412);
    expect((await remove(second)).status).toBe(204);
  });
});
