/**
 * The local push service over HTTP, fed by the real `web-push` package (its VAPID JWT and its
 * `aes128gcm` encryption), as the reminder sender uses it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createPrivateKey, sign } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush, { type PushSubscription } from 'web-push';
import { startPushService, type RunningPushService } from '../../push/server';
import { packageRoot } from '../package-root';

const vapid = webpush.generateVAPIDKeys();
const other = webpush.generateVAPIDKeys();
const SUBJECT = 'mailto:reminders@challangex.dev';

let service: RunningPushService;

beforeAll(async () => {
  service = await startPushService({ port: 0, maxDeliveries: 5 });
});
afterAll(() => service.close());

async function mint(body?: unknown): Promise<PushSubscription> {
  const response = await fetch(`${service.origin}/subscriptions`, {
    method: 'POST',
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as PushSubscription;
}

/** Sends as web-push does (its request details), over fetch: web-push's own transport is https only. */
async function push(
  subscription: PushSubscription,
  payload: unknown,
  options: webpush.RequestOptions = {},
): Promise<Response> {
  const details = webpush.generateRequestDetails(subscription, JSON.stringify(payload), {
    vapidDetails: { subject: SUBJECT, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
    TTL: 60,
    ...options,
  });
  return post(details);
}

/** POSTs web-push's request details (fetch sets Content-Length itself). */
function post(details: webpush.RequestDetails): Promise<Response> {
  const headers = Object.fromEntries(
    Object.entries(details.headers).filter(([name]) => name.toLowerCase() !== 'content-length'),
  ) as Record<string, string>;
  return fetch(details.endpoint, {
    method: 'POST',
    headers,
    body: details.body && new Uint8Array(details.body),
  });
}

/** A VAPID header signed by hand (web-push refuses to make a JWT living over 24 hours). */
function vapidHeader(claims: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${part({ typ: 'JWT', alg: 'ES256' })}.${part(claims)}`;
  const point = Buffer.from(vapid.publicKey, 'base64url');
  const key = createPrivateKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      d: vapid.privateKey,
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signature = sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' });
  return `vapid t=${input}.${signature.toString('base64url')}, k=${vapid.publicKey}`;
}

async function deliveries(endpoint?: string): Promise<Array<Record<string, unknown>>> {
  const query = endpoint ? `?endpoint=${encodeURIComponent(endpoint)}` : '';
  const response = await fetch(`${service.origin}/deliveries${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Array<Record<string, unknown>>;
}

describe('local push service', () => {
  it('mints what PushSubscription.toJSON() gives, with its endpoint on the service', async () => {
    const subscription = await mint();
    expect(subscription).toEqual({
      endpoint: expect.stringMatching(new RegExp(`^${service.origin}/push/[\\w-]{22}$`)),
      expirationTime: null,
      keys: { p256dh: expect.any(String), auth: expect.any(String) },
    });
    expect(Buffer.from(subscription.keys.p256dh, 'base64url')).toHaveLength(65);
    expect(Buffer.from(subscription.keys.auth, 'base64url')).toHaveLength(16);
  });

  it('takes a web-push message (201), checks and decrypts it, and lists it newest first', async () => {
    await fetch(`${service.origin}/deliveries`, { method: 'DELETE' });
    const first = await mint();
    const second = await mint();
    const reminder = { title: 'Lunch is open', body: 'Until 3:00 PM: rajma chawal', url: '/x' };
    expect((await push(first, reminder, { urgency: 'high' })).status).toBe(201);
    expect((await push(second, { n: 2 }, { TTL: 300 })).status).toBe(201);

    const all = await deliveries();
    expect(all.map((delivery) => delivery.payload)).toEqual([{ n: 2 }, reminder]);
    expect(all[1]).toEqual({
      endpoint: first.endpoint,
      receivedAt: expect.any(Number),
      ttl: 60,
      urgency: 'high',
      payload: reminder,
    });
    expect(all[0]).toMatchObject({ endpoint: second.endpoint, ttl: 300, urgency: 'normal' });
    expect(await deliveries(first.endpoint)).toEqual([all[1]]);
  });

  it('refuses a push whose VAPID JWT is not signed by k (401), and does not record it', async () => {
    const subscription = await mint();
    const details = webpush.generateRequestDetails(subscription, '{"forged":true}', {
      vapidDetails: { subject: SUBJECT, publicKey: vapid.publicKey, privateKey: other.privateKey },
      TTL: 60,
    });
    const response = await post(details);
    expect(response.status).toBe(401);
    expect(await response.text()).toBe('the VAPID JWT signature does not match k');
    expect(await deliveries(subscription.endpoint)).toEqual([]);
  });

  it('refuses a push with no VAPID, or a JWT for another push service (401)', async () => {
    const subscription = await mint();
    const noVapid = await fetch(subscription.endpoint, {
      method: 'POST',
      headers: { TTL: '60' },
    });
    expect(noVapid.status).toBe(401);
    const elsewhere = webpush.getVapidHeaders(
      'https://fcm.googleapis.com',
      SUBJECT,
      vapid.publicKey,
      vapid.privateKey,
      'aes128gcm',
    );
    const wrongAudience = await fetch(subscription.endpoint, {
      method: 'POST',
      headers: { ...elsewhere, TTL: '60' },
    });
    expect(wrongAudience.status).toBe(401);
    expect(await wrongAudience.text()).toBe(`the VAPID JWT's aud is not ${service.origin}`);
    expect(await deliveries(subscription.endpoint)).toEqual([]);
  });

  it('checks the JWT’s lifetime: refused once expired or when it lives over 24 hours (401)', async () => {
    const subscription = await mint();
    const nowS = Math.floor(Date.now() / 1000);
    const attempt = (exp: number) =>
      fetch(subscription.endpoint, {
        method: 'POST',
        headers: {
          authorization: vapidHeader({ aud: service.origin, exp, sub: SUBJECT }),
          TTL: '60',
        },
      });
    const expired = await attempt(nowS - 1);
    expect(expired.status).toBe(401);
    expect(await expired.text()).toBe('the VAPID JWT has expired (or has no exp)');
    const tooLong = await attempt(nowS + 25 * 60 * 60);
    expect(tooLong.status).toBe(401);
    expect(await tooLong.text()).toBe('the VAPID JWT expires more than 24 hours ahead');
    // The same hand-made header within its lifetime is taken (an empty push: no payload).
    expect((await attempt(nowS + 60 * 60)).status).toBe(201);
    expect((await deliveries(subscription.endpoint)).map((d) => d.payload)).toEqual([null]);
  });

  it('answers 403 to a key other than the applicationServerKey the subscription was made for', async () => {
    const subscription = await mint({ applicationServerKey: other.publicKey });
    expect((await push(subscription, { n: 1 })).status).toBe(403);
  });

  it('answers 410 once a subscription is deleted (404 when asked), and 410 for one it never made', async () => {
    const gone = await mint();
    const missing = await mint();
    expect((await push(gone, { n: 1 })).status).toBe(201);
    const id = (endpoint: string) => endpoint.split('/').at(-1)!;
    const remove = (endpoint: string, query = '') =>
      fetch(`${service.origin}/subscriptions/${id(endpoint)}${query}`, { method: 'DELETE' });
    expect((await remove(gone.endpoint)).status).toBe(204);
    expect((await remove(missing.endpoint, '?answer=404')).status).toBe(204);
    expect((await push(gone, { n: 2 })).status).toBe(410);
    expect((await push(missing, { n: 2 })).status).toBe(404);
    const never = { ...gone, endpoint: `${service.origin}/push/never-minted` };
    expect((await push(never, { n: 3 })).status).toBe(410);
    expect((await deliveries(gone.endpoint)).map((d) => d.payload)).toEqual([{ n: 1 }]);
  });

  it('keeps only the newest deliveries (maxDeliveries)', async () => {
    const subscription = await mint();
    for (let n = 1; n <= 7; n++) expect((await push(subscription, { n })).status).toBe(201);
    expect((await deliveries()).map((d) => d.payload)).toEqual([
      { n: 7 },
      { n: 6 },
      { n: 5 },
      { n: 4 },
      { n: 3 },
    ]);
  });

  it('answers 413 to a body over 4096 bytes', async () => {
    const subscription = await mint();
    expect((await push(subscription, { text: 'x'.repeat(4_000) })).status).toBe(413);
  });
});

describe('push service CLI', () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    child?.kill('SIGTERM');
  });

  it('prints its origin once listening and serves subscriptions', async () => {
    child = spawn(
      process.execPath,
      ['--import', 'tsx', join(packageRoot, 'push/cli.ts'), '--port', '0', '--quiet'],
      { cwd: packageRoot, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const origin = await new Promise<string>((resolve, reject) => {
      let output = '';
      child!.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const ready = /ready on (http:\/\/[\d.]+:\d+)/.exec(output);
        if (ready) resolve(ready[1]);
      });
      child!.once('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
    });
    const response = await fetch(`${origin}/subscriptions`, { method: 'POST' });
    expect(response.status).toBe(201);
    expect(((await response.json()) as PushSubscription).endpoint).toMatch(`${origin}/push/`);
  });
});
