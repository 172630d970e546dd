/**
 * What one namespace has served, counted in the operation types of `firebase database:profile`
 * (firebase.google.com/docs/cli/database-profile), so the bench's figures and a production profile
 * are read the same way. Served at `GET /.debug/operations.json?ns=X` (loopback only; DELETE resets).
 *
 * - `requests`: one per request, by operation type (a multi-path update is one `realtime-update`,
 *   as it is one write against the instance's writes-per-second limit).
 * - `paths`: the same operations by location. A multi-path update is counted once per location it
 *   writes (so a server update touching the feed and a member's challenge shows under both), a
 *   broadcast at the path of the listener it reached, a read at the location read.
 * - `listeners` per path and `connections`: how many now, the most at once, and their seconds.
 * Bytes are the JSON text of the data written, read or pushed (protocol framing not included).
 * Each path entry says whose it was: `server` for the owner credential (firebase-admin, the API),
 * `client` for members and visitors (for a broadcast: whose listener it reached).
 */

export const OPERATION_TYPES = [
  'concurrent-connect',
  'concurrent-disconnect',
  'listener-listen',
  'listener-broadcast',
  'listener-unlisten',
  'realtime-write',
  'realtime-update',
  'realtime-transaction',
  'on-disconnect-put',
  'on-disconnect-update',
  'on-disconnect-cancel',
  'run-on-disconnect',
  'rest-read',
  'rest-write',
  'rest-update',
] as const;
export type OperationType = (typeof OPERATION_TYPES)[number];
export type Origin = 'client' | 'server';

interface Tally {
  count: number;
  bytes: number;
}

/** Things open for a while (connections, listeners): now, at most, and their seconds. */
class OpenSpans {
  current = 0;
  peak = 0;
  private closedMs = 0;
  /** Sum of the open ones' start times, so their seconds so far need no per-item state. */
  private openStartsMs = 0;

  open(now: number): void {
    this.current += 1;
    this.peak = Math.max(this.peak, this.current);
    this.openStartsMs += now;
  }

  close(now: number, openedAt: number): void {
    this.current -= 1;
    this.openStartsMs -= openedAt;
    this.closedMs += now - openedAt;
  }

  seconds(now: number): number {
    return (this.closedMs + this.current * now - this.openStartsMs) / 1000;
  }

  /** Starts counting again from now; what is open stays open. */
  reset(now: number): { restartedAt: number } {
    this.peak = this.current;
    this.closedMs = 0;
    this.openStartsMs = this.current * now;
    return { restartedAt: now };
  }
}

export interface OperationReport {
  namespace: string;
  since: number;
  now: number;
  requests: Partial<Record<OperationType, Tally>>;
  paths: Array<{ name: OperationType; origin: Origin; path: string; count: number; bytes: number }>;
  connections: { current: number; peak: number; seconds: number };
  listeners: Array<{ path: string; current: number; peak: number; seconds: number }>;
}

/** A span's handle: when it was opened (reset moves it, so seconds count from the reset). */
export interface OpenSpan {
  openedAt: number;
}

export class OperationCounts {
  private since: number;
  private requests = new Map<OperationType, Tally>();
  private byPath = new Map<string, Tally & { name: OperationType; origin: Origin; path: string }>();
  private connections = new OpenSpans();
  private listeners = new Map<string, OpenSpans>();
  private openSpans = new Set<OpenSpan>();

  constructor(private readonly clock: () => number = Date.now) {
    this.since = clock();
  }

  /** One request of `name` (the unit of the writes-per-second and responses-per-second limits). */
  request(name: OperationType, bytes = 0): void {
    const tally = this.requests.get(name) ?? { count: 0, bytes: 0 };
    tally.count += 1;
    tally.bytes += bytes;
    this.requests.set(name, tally);
  }

  /** One operation of `name` at `path` ('/a/b'). */
  at(name: OperationType, origin: Origin, path: string, bytes = 0): void {
    const key = `${name} ${origin} ${path}`;
    const tally = this.byPath.get(key) ?? { name, origin, path, count: 0, bytes: 0 };
    tally.count += 1;
    tally.bytes += bytes;
    this.byPath.set(key, tally);
  }

  /** A request at one location: counted both ways. */
  operation(name: OperationType, origin: Origin, path: string, bytes = 0): void {
    this.request(name, bytes);
    this.at(name, origin, path, bytes);
  }

  connected(): OpenSpan {
    const now = this.clock();
    this.connections.open(now);
    this.request('concurrent-connect');
    return this.track({ openedAt: now });
  }

  disconnected(span: OpenSpan): void {
    this.connections.close(this.clock(), span.openedAt);
    this.openSpans.delete(span);
    this.request('concurrent-disconnect');
  }

  listenerAdded(path: string): OpenSpan {
    const now = this.clock();
    let spans = this.listeners.get(path);
    if (!spans) {
      spans = new OpenSpans();
      this.listeners.set(path, spans);
    }
    spans.open(now);
    return this.track({ openedAt: now });
  }

  listenerRemoved(path: string, span: OpenSpan): void {
    this.listeners.get(path)?.close(this.clock(), span.openedAt);
    this.openSpans.delete(span);
  }

  reset(): void {
    const now = this.clock();
    this.since = now;
    this.requests.clear();
    this.byPath.clear();
    this.connections.reset(now);
    for (const [path, spans] of this.listeners) {
      if (spans.current === 0) this.listeners.delete(path);
      else spans.reset(now);
    }
    for (const span of this.openSpans) span.openedAt = now;
  }

  report(namespace: string): OperationReport {
    const now = this.clock();
    return {
      namespace,
      since: this.since,
      now,
      requests: Object.fromEntries(this.requests),
      paths: [...this.byPath.values()].map(({ name, origin, path, count, bytes }) => ({
        name,
        origin,
        path,
        count,
        bytes,
      })),
      connections: {
        current: this.connections.current,
        peak: this.connections.peak,
        seconds: this.connections.seconds(now),
      },
      listeners: [...this.listeners].map(([path, spans]) => ({
        path,
        current: spans.current,
        peak: spans.peak,
        seconds: spans.seconds(now),
      })),
    };
  }

  private track(span: OpenSpan): OpenSpan {
    this.openSpans.add(span);
    return span;
  }
}
