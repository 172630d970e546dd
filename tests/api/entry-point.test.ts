/**
 * The API through the entry point production uses: the `api` Cloud Function exported by
 * functions/src/index.ts (firebase-functions' HTTPS wrapper and its onInit), behind the body parsing of
 * the Cloud Functions framework, which reads and parses every body with its own limit (1024mb, the
 * platform stops at 32 MB) before the function runs, keeping the bytes in request.rawBody.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import bodyParser from 'body-parser';
import express, { type Request, type Response } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  generatePayload,
  postJson,
  readyMember,
  startApiHarness,
  TEST_BUCKET,
  TEST_PROJECT_ID,
  type ApiHarness,
} from './api-harness';

let harness: ApiHarness;
let server: Server;
let baseUrl: string;

/** What @google-cloud/functions-framework's getServer puts in front of an HTTP function (src/server.ts). */
function functionsFrameworkServer(handler: (request: Request, response: Response) => unknown) {
  const app = express();
  const options = {
    limit: '1024mb',
    verify: (request: Request, _response: Response, buffer: Buffer) => {
      (request as Request & { rawBody?: Buffer }).rawBody = buffer;
    },
  };
  app.use(bodyParser.json({ ...options, type: 'application/cloudevents+json' }));
  app.use(bodyParser.json(options));
  app.use(bodyParser.text(options));
  app.use(bodyParser.urlencoded({ ...options, extended: true }));
  app.use(bodyParser.raw({ ...options, type: '*/*' }));
  app.enable('trust proxy');
  app.disable('x-powered-by');
  app.use((request, response) => handler(request, response));
  return app.listen(0, '127.0.0.1');
}

beforeAll(async () => {
  harness = await startApiHarness();
  // What a deployed instance finds in its environment, pointed at this harness's emulators.
  process.env.GCLOUD_PROJECT = TEST_PROJECT_ID;
  process.env.DATABASE_URL = harness.databaseUrl;
  process.env.STORAGE_BUCKET = TEST_BUCKET;
  process.env.APP_ORIGINS = '';
  process.env.MEAL_PLANNER = 'built-in';
  const { api } = await import('../../functions/src/index');
  server = functionsFrameworkServer(
    api as unknown as (request: Request, response: Response) => unknown,
  );
  await new Promise((resolve) => server.once('listening', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await harness?.close();
});

const TWELVE_MB = 12 * 1024 * 1024;

describe('the exported api function', () => {
  it('serves requests (health, a validated body)', async () => {
    expect(await (await fetch(`${baseUrl}/api/health`)).json()).toEqual({ ok: true });
    const member = await readyMember(harness.database);
    const invalid = await postJson(
      `${baseUrl}/api/generate`,
      generatePayload(member.uid, { day: 0 }),
      { token: member.idToken },
    );
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toMatch(/^day/);
  });

  it('refuses a 12 MB body with 413 and a JSON message, signed in or not', async () => {
    const member = await readyMember(harness.database);
    const huge = JSON.stringify({ ...generatePayload(member.uid), title: 'x'.repeat(TWELVE_MB) });
    for (const token of [undefined, member.idToken]) {
      const response = await postJson(`${baseUrl}/api/generate`, huge, { token });
      expect(response.status).toBe(413);
      expect(response.body).toEqual({
        error: 'Request body is too large (the limit is 16 KB)',
        code: 'body-too-large',
        limitBytes: 16_384,
      });
    }
    expect((await harness.database.ref(`users/${member.uid}/challenges`).get()).val()).toBeNull();
  });

  it('refuses a 12 MB body sent without a Content-Length (chunked) by its raw length', async () => {
    const member = await readyMember(harness.database);
    const chunk = new TextEncoder().encode('x'.repeat(1024 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode('{"title":"'));
        if (sent >= 12) {
          controller.enqueue(new TextEncoder().encode('"}'));
          controller.close();
          return;
        }
        sent++;
        controller.enqueue(chunk);
      },
    });
    const response = await fetch(`${baseUrl}/api/me/identity`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${member.idToken}` },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ limitBytes: 16_384 });
  });

  it('accepts a body just under the limit and refuses one just over it', async () => {
    const member = await readyMember(harness.database);
    const sized = (bytes: number) => {
      const base = JSON.stringify({ after: '' });
      return JSON.stringify({ after: 'x'.repeat(bytes - base.length) });
    };
    const under = await postJson(`${baseUrl}/api/me/identity`, sized(16_384), {
      token: member.idToken,
    });
    expect(under.status).not.toBe(413);
    const over = await postJson(`${baseUrl}/api/me/identity`, sized(16_385), {
      token: member.idToken,
    });
    expect(over.status).toBe(413);
  });
});
