/**
 * A small, bounded closed-loop load generator on keep-alive HTTP: exactly
 * `requests` requests, at most `concurrency` in flight, each timed alone so
 * percentiles are exact (no histogram buckets).
 */
import { Agent, request as httpRequest } from 'node:http';

export interface LoadRequest {
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface LoadResult {
  requests: number;
  concurrency: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  requestsPerSecond: number;
  /** Status code → count, for anything but the expected one. */
  unexpected: Record<number, number>;
}

const REQUEST_TIMEOUT_MS = 15_000;

function post(agent: Agent, port: number, { path, headers, body }: LoadRequest): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        agent,
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
        timeout: REQUEST_TIMEOUT_MS,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`Request to ${path} timed out`)));
    request.on('error', reject);
    request.end(body);
  });
}

/** NaN for no values (a run whose requests all failed still reports its failures). */
export const percentile = (sorted: number[], share: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];

export async function runLoad(options: {
  port: number;
  requests: number;
  concurrency: number;
  expectedStatus: number;
  makeRequest: (index: number) => LoadRequest;
}): Promise<LoadResult> {
  const { port, requests, concurrency, expectedStatus, makeRequest } = options;
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  const unexpected: Record<number, number> = {};
  let next = 0;
  const worker = async () => {
    while (next < requests) {
      const load = makeRequest(next++);
      const started = performance.now();
      const status = await post(agent, port, load);
      latencies.push(performance.now() - started);
      if (status !== expectedStatus) unexpected[status] = (unexpected[status] ?? 0) + 1;
    }
  };
  const started = performance.now();
  try {
    await Promise.all(Array.from({ length: concurrency }, worker));
  } finally {
    agent.destroy();
  }
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests,
    concurrency,
    p50Ms: percentile(latencies, 0.5),
    p95Ms: percentile(latencies, 0.95),
    p99Ms: percentile(latencies, 0.99),
    requestsPerSecond: requests / seconds,
    unexpected,
  };
}
