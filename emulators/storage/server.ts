/**
 * Offline Cloud Storage for Firebase emulator.
 *
 * Serves the Firebase v0 REST API that the web SDK uses (/v0/b/BUCKET/o...), the few GCS JSON
 * endpoints firebase-admin (@google-cloud/storage) needs (/b/BUCKET/o/..., /storage/v1/...,
 * /download/storage/v1/..., /upload/storage/v1/...), and the internal endpoints
 * @firebase/rules-unit-testing calls (PUT /internal/setRules). v0 requests are checked against
 * storage.rules (see rules-gate.ts and rules/engine.ts); `owner` tokens bypass rules as in the
 * real emulators. Each API has its own module; this file routes to them and runs the server.
 */
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { firebaseApi } from './firebase-api';
import { FinalizeEvents, type FunctionsEventTarget } from './finalize-events';
import { gcsApi, gcsUpload } from './gcs-api';
import {
  answerPreflight,
  decodeSegment,
  drain,
  HttpError,
  sendError,
  sendJson,
  setCors,
} from './http';
import { internalApi } from './internal-api';
import { discardUploads, sweepIdleUploads } from './resumable-uploads';
import type { UploadSession } from './upload-session';
import { StorageRuleset } from './rules/engine';
import type { StorageContext } from './storage-context';
import { ObjectStore } from './store';

export interface StorageEmulatorOptions {
  host?: string /* 127.0.0.1 */;
  port?: number /* 9199; 0 = ephemeral */;
  rulesFile?: string /* storage.rules */;
  dataDir?: string /* files + metadata persisted here */;
  log?: (line: string) => void;
  /** Total bytes all stored objects may use; a write past it gets 402 quota-exceeded. Default: off. */
  quotaBytes?: number;
  /** Announce finalized objects to this Functions emulator (Storage triggers). Default: off. */
  functions?: FunctionsEventTarget;
}

export interface RunningStorageEmulator {
  host: string;
  port: number;
  close(): Promise<void>;
}

/** Routes each request to the API it belongs to; the handlers share this object as their context. */
class StorageEmulator implements StorageContext {
  ruleset: StorageRuleset | null = null;
  readonly uploads = new Map<string, UploadSession>();
  finalizeEvents: FinalizeEvents | null = null;

  constructor(
    readonly store: ObjectStore,
    readonly log: (line: string) => void,
    readonly quotaBytes: number | undefined,
  ) {}

  sweepUploads(): void {
    sweepIdleUploads(this.uploads);
  }

  discardUploads(): Promise<void> {
    return discardUploads(this.uploads);
  }

  async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    setCors(req, res);
    if (req.method === 'OPTIONS') return answerPreflight(req, res);
    const rawUrl = req.url ?? '/';
    const q = rawUrl.indexOf('?');
    const rawPath = q >= 0 ? rawUrl.slice(0, q) : rawUrl;
    const query = new URLSearchParams(q >= 0 ? rawUrl.slice(q + 1) : '');
    const segs = rawPath.split('/').slice(1);
    const method = req.method ?? 'GET';

    if (rawPath === '/' && (method === 'GET' || method === 'HEAD')) {
      await drain(req);
      return sendJson(res, 200, { emulator: 'storage' });
    }
    if (segs[0] === 'internal') return internalApi(this, req, res, segs.slice(1).join('/'), method);
    if (segs[0] === 'v0' && segs[1] === 'b' && segs[2] && segs[3] === 'o') {
      const bucket = decodeSegment(segs[2]);
      const object = segs.length > 4 ? decodeSegment(segs.slice(4).join('/')) : null;
      return firebaseApi(this, req, res, method, bucket, object, query);
    }
    // GCS JSON API (firebase-admin / @google-cloud/storage, no credentials against an emulator).
    let gcs = segs;
    if (gcs[0] === 'storage' && gcs[1] === 'v1') gcs = gcs.slice(2);
    else if (gcs[0] === 'download' && gcs[1] === 'storage' && gcs[2] === 'v1') gcs = gcs.slice(3);
    if (
      segs[0] === 'upload' &&
      segs[1] === 'storage' &&
      segs[2] === 'v1' &&
      segs[3] === 'b' &&
      segs[4] &&
      segs[5] === 'o' &&
      segs.length === 6
    ) {
      return gcsUpload(this, req, res, method, decodeSegment(segs[4]), query);
    }
    if (gcs[0] === 'b' && gcs[1] && gcs[2] === 'o') {
      const bucket = decodeSegment(gcs[1]);
      const object = gcs.length > 3 ? decodeSegment(gcs.slice(3).join('/')) : null;
      return gcsApi(this, req, res, method, bucket, object, query);
    }
    await drain(req);
    throw new HttpError(404, `Not found: ${method} ${rawPath.slice(0, 200)}`);
  }
}

export async function startStorageEmulator(
  options: StorageEmulatorOptions = {},
): Promise<RunningStorageEmulator> {
  const log = options.log ?? (() => undefined);
  const host = options.host ?? '127.0.0.1';
  const store = await ObjectStore.open(options.dataDir, log);
  const emulator = new StorageEmulator(store, log, options.quotaBytes);

  let watcher: fs.StatWatcher | null = null;
  if (options.rulesFile) {
    const file = options.rulesFile;
    const load = () => StorageRuleset.compile(fs.readFileSync(file, 'utf8'));
    try {
      emulator.ruleset = load();
    } catch (err) {
      throw new Error(`Cannot load storage rules from ${file}: ${(err as Error).message}`);
    }
    watcher = fs.watchFile(file, { interval: 1000, persistent: false }, (curr, prev) => {
      if (curr.mtimeMs === prev.mtimeMs) return;
      try {
        emulator.ruleset = load();
        log(`storage: reloaded rules from ${file}`);
      } catch (err) {
        log(`storage: kept previous rules; ${file} does not compile: ${(err as Error).message}`);
      }
    });
  }

  const inflight = new Set<Promise<void>>();
  const server = http.createServer((req, res) => {
    req.on('error', () => undefined);
    res.on('error', () => undefined);
    const p = emulator
      .handle(req, res)
      .catch((err: unknown) => {
        if (err instanceof HttpError) {
          sendError(res, err.status, err.message, err.headers);
          return;
        }
        log(
          `storage: internal error on ${req.method} ${req.url}: ${(err as Error)?.stack ?? String(err)}`,
        );
        sendError(res, 500, 'Internal emulator error');
      })
      .catch(() => {
        res.destroy();
      })
      .finally(() => inflight.delete(p));
    inflight.add(p);
  });
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });
  const sweeper = setInterval(() => emulator.sweepUploads(), 60_000);
  sweeper.unref();

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 9199, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (err) => log(`storage: server error: ${err.message}`));
  const port = (server.address() as AddressInfo).port;
  if (options.functions) {
    emulator.finalizeEvents = new FinalizeEvents(
      options.functions,
      () => `http://${host}:${port}`,
      log,
    );
    log(`storage: finalize events go to ${emulator.finalizeEvents.url}`);
  }
  log(
    `storage: listening on http://${host}:${port}${options.dataDir ? ` (data in ${options.dataDir})` : ' (in memory)'}`,
  );

  let closing: Promise<void> | null = null;
  return {
    host,
    port,
    close() {
      closing ??= (async () => {
        clearInterval(sweeper);
        if (watcher && options.rulesFile) fs.unwatchFile(options.rulesFile);
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        const deadline = setTimeout(() => server.closeAllConnections(), 2000);
        await Promise.race([
          Promise.allSettled([...inflight]),
          new Promise((r) => setTimeout(r, 2000)),
        ]);
        server.closeAllConnections();
        await closed;
        clearTimeout(deadline);
        await emulator.discardUploads();
        await emulator.finalizeEvents?.flush();
        await store.flush();
      })();
      return closing;
    },
  };
}
