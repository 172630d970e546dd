/**
 * One timed run against the bench's API server (api-server.ts), as generate-latency.ts and group-cost.ts
 * measure their routes: the closed loop of load-loop.ts, then what the server timed itself over the same
 * requests (its own time without the token lookup, the lookup, its CPU per request). The server's
 * record must have been cleared (serverTimings) after any warm-up.
 */
import type { ServerTimings } from './api-server';
import { percentile, runLoad, type LoadResult } from './load-loop';

export interface ApiLatency extends LoadResult {
  /** Inside the API process, without the revocation lookup (answered here by the Auth emulator, in production by Google's). */
  serverOwnP50Ms: number;
  serverOwnP95Ms: number;
  /** The revocation lookup firebase-admin makes against the Auth emulator, p95. */
  tokenCheckP95Ms: number;
  /** CPU time of the API process divided by the requests it answered. */
  serverCpuPerRequestMs: number;
}

/** What the server recorded since the last call, which it then clears. */
export async function serverTimings(port: number): Promise<ServerTimings> {
  const response = await fetch(`http://127.0.0.1:${port}/bench/server-timings`, {
    signal: AbortSignal.timeout(10_000),
  });
  return (await response.json()) as ServerTimings;
}

export async function measureApiLatency(
  options: Parameters<typeof runLoad>[0],
): Promise<ApiLatency> {
  const result = await runLoad(options);
  const report = await serverTimings(options.port);
  const timings = report.requests.filter((timing) => timing.status === options.expectedStatus);
  const own = timings.map((timing) => timing.serverMs - timing.tokenCheckMs).sort((a, b) => a - b);
  const tokenChecks = timings.map((timing) => timing.tokenCheckMs).sort((a, b) => a - b);
  return {
    ...result,
    serverOwnP50Ms: percentile(own, 0.5),
    serverOwnP95Ms: percentile(own, 0.95),
    tokenCheckP95Ms: percentile(tokenChecks, 0.95),
    serverCpuPerRequestMs: report.cpuMs / Math.max(1, report.requests.length),
  };
}
