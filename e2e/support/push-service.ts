import { startPushService, type RunningPushService } from '../../emulators/push/server';

/**
 * The local push service of an e2e run (emulators/push/README.md): the emulator build takes its push
 * subscriptions there (src/services/web-push.ts) and the API's pushes land there, checked and decrypted.
 */
const ORIGIN_VARIABLE = 'E2E_PUSH_SERVICE';

/** Started by global setup on the port the build was given (VITE_PUSH_SERVICE_PORT); workers read its origin. */
export async function startE2ePushService(
  port: number,
  verbose: boolean,
): Promise<RunningPushService> {
  const service = await startPushService({
    host: '127.0.0.1',
    port,
    log: verbose ? (line) => console.log(`[push] ${line}`) : undefined,
  });
  process.env[ORIGIN_VARIABLE] = service.origin;
  return service;
}

export function e2ePushService(): string {
  const origin = process.env[ORIGIN_VARIABLE];
  if (!origin)
    throw new Error(`${ORIGIN_VARIABLE} is not set: run the e2e tests through Playwright`);
  return origin;
}

/** A push the service received: `payload` is the JSON the API encrypted, decrypted. */
export interface Delivery {
  endpoint: string;
  receivedAt: number;
  ttl: number;
  urgency: string;
  payload: Record<string, unknown>;
}

/** Every push one subscription received, newest first. */
export async function deliveriesTo(endpoint: string): Promise<Delivery[]> {
  const response = await fetch(
    `${e2ePushService()}/deliveries?endpoint=${encodeURIComponent(endpoint)}`,
  );
  if (!response.ok) throw new Error(`GET /deliveries answered ${response.status}`);
  return (await response.json()) as Delivery[];
}
