/**
 * The offline Realtime Database emulator: an HTTP server answering the REST API
 * and upgrading `/.ws` to the WebSocket protocol the Firebase SDKs speak.
 */
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { join } from 'node:path';
import { WebSocketServer } from 'ws';
import {
  debouncedWriter,
  syncDirectory,
  TEMP_SUFFIX,
  writeFileAtomic,
} from '../common/durable-file';
import { Connection, type Transport } from './connection';
import { LongPollServer } from './longpoll';
import { Namespace } from './namespace';
import { handleRest } from './rest';
import { loadRules, OPEN_RULES, RulesError, type RulesState } from './rules-adapter';
import { fromJson, toExportString } from './node-json';
import { controlMessage, readMessages, WsTransport } from './websocket';

export type { OperationReport, OperationType } from './operation-counts';

export interface DatabaseEmulatorOptions {
  host?: string /* default 127.0.0.1 */;
  port?: number /* default 9000; 0 = ephemeral */;
  rulesFile?: string /* path to database.rules.json; reloaded by PUT /.settings/rules.json */;
  dataDir?: string /* JSON snapshots loaded at start, written within ~1 s of each change and on close() */;
  log?: (line: string) => void;
}

export interface RunningDatabaseEmulator {
  host: string;
  port: number;
  close(): Promise<void>;
}

/**
 * The namespace a request addresses: `?ns=`, else the first label of the Host
 * (as production derives it from `<ns>.firebaseio.com`).
 */
function namespaceFor(url: URL, host: string | undefined): string {
  const ns = url.searchParams.get('ns');
  if (ns) return ns;
  const hostname = (host ?? 'localhost').replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
  return hostname.split('.')[0] || 'localhost';
}

const SNAPSHOT_SUFFIX = '.json';

/** What a namespace served, by operation type and path (operation-counts.ts); DELETE starts again. */
const OPERATIONS_PATH = '/.debug/operations.json';
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function answerOperations(req: IncomingMessage, res: ServerResponse, ns: Namespace): void {
  const answer = (status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  // A debugging aid of the local stack: never served to another machine.
  if (!LOOPBACK.has(req.socket.remoteAddress ?? '')) {
    answer(403, { error: 'The operation counts are served on loopback only' });
    return;
  }
  if (req.method === 'DELETE') {
    ns.operations.reset();
    answer(200, { status: 'ok' });
    return;
  }
  if (req.method !== 'GET') {
    answer(405, { error: `Method ${req.method} not allowed on ${OPERATIONS_PATH}` });
    return;
  }
  answer(200, ns.operations.report(ns.name));
}

export async function startDatabaseEmulator(
  options: DatabaseEmulatorOptions = {},
): Promise<RunningDatabaseEmulator> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? ((line: string) => console.log(line));

  let defaultRules: RulesState = OPEN_RULES;
  if (options.rulesFile) {
    const source = readFileSync(options.rulesFile, 'utf8');
    try {
      defaultRules = loadRules(source);
    } catch (e) {
      if (e instanceof RulesError) throw new Error(`${options.rulesFile}: ${e.message}`);
      throw e;
    }
  }

  const namespaces = new Map<string, Namespace>();
  // ---- persistence: one export-format JSON file per namespace, rewritten shortly after changes
  const dataDir = options.dataDir;
  const changed = new Set<Namespace>();
  const snapshots = dataDir
    ? debouncedWriter({
        write: () => writeSnapshots(dataDir, changed),
        onError: (e) => log(`RTDB emulator: could not save ${dataDir}: ${(e as Error).message}`),
      })
    : undefined;
  const namespace = (name: string): Namespace => {
    let ns = namespaces.get(name);
    if (!ns) {
      ns = new Namespace(name);
      ns.rules = defaultRules;
      namespaces.set(name, ns);
      if (snapshots) {
        const current = ns;
        current.onChange = () => {
          changed.add(current);
          snapshots.schedule();
        };
      }
    }
    return ns;
  };

  if (dataDir && existsSync(dataDir)) {
    for (const file of await readdir(dataDir)) {
      if (file.endsWith(TEMP_SUFFIX)) {
        await rm(join(dataDir, file), { force: true }); // a write interrupted by a crash
        continue;
      }
      if (!file.endsWith(SNAPSHOT_SUFFIX)) continue;
      const name = decodeURIComponent(file.slice(0, -SNAPSHOT_SUFFIX.length));
      const text = await readFile(join(dataDir, file), 'utf8');
      try {
        namespace(name).root = fromJson(JSON.parse(text), [], {
          now: Date.now(),
          existing: () => null,
        });
      } catch (e) {
        throw new Error(
          `Could not load database snapshot ${join(dataDir, file)}: ${(e as Error).message}`,
        );
      }
    }
  }

  const connections = new Set<Connection>();
  const ctx = { namespace, namespaceFor, log };
  const openConnection = (
    transport: Transport,
    url: URL,
    requestHost: string | undefined,
  ): Connection => {
    const ns = namespace(namespaceFor(url, requestHost));
    const conn = new Connection(transport, ns, requestHost ?? `${host}:${boundPort}`, log, (c) =>
      connections.delete(c),
    );
    connections.add(conn);
    return conn;
  };
  const longPoll = new LongPollServer(
    (transport, url, h) => openConnection(transport, url, h),
    log,
  );
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/.lp') {
      longPoll.handle(req, res, url);
      return;
    }
    if (url.pathname === OPERATIONS_PATH) {
      answerOperations(req, res, namespace(namespaceFor(url, req.headers.host)));
      return;
    }
    void handleRest(req, res, ctx);
  });
  server.keepAliveTimeout = 5000;
  const wss = new WebSocketServer({
    noServer: true,
    perMessageDeflate: false,
    maxPayload: 256 * 1024 * 1024,
  });

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/.ws') {
      socket.end('HTTP/1.1 404 Not Found\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const requestHost = req.headers.host ?? `${host}:${boundPort}`;
      const upgrading = url.searchParams.get('s');
      if (upgrading) {
        longPoll.upgrade(ws, upgrading, requestHost);
        return;
      }
      const conn = openConnection(new WsTransport(ws), url, requestHost);
      readMessages(
        ws,
        (text) => conn.receive(text),
        (message) => ws.send(controlMessage('e', message)),
      );
      ws.on('close', () => conn.transportClosed());
      ws.on('error', () => conn.transportClosed());
    });
  });
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\n\r\n');
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 9000, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const boundPort = typeof address === 'object' && address ? address.port : (options.port ?? 9000);

  let closing: Promise<void> | null = null;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      // clients go away: their onDisconnect operations run, as they would on the real service
      for (const conn of [...connections]) conn.close();
      longPoll.close();
      wss.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await snapshots?.close();
    })();
    return closing;
  };

  return { host, port: boundPort, close };
}

/** Writes (atomically) the snapshot of every namespace changed since the last write. */
async function writeSnapshots(dataDir: string, changed: Set<Namespace>): Promise<void> {
  const namespaces = [...changed];
  changed.clear();
  await mkdir(dataDir, { recursive: true });
  for (const ns of namespaces) {
    const file = join(dataDir, encodeURIComponent(ns.name) + SNAPSHOT_SUFFIX);
    try {
      if (ns.root) {
        await writeFileAtomic(file, toExportString(ns.root));
      } else {
        await rm(file, { force: true });
        await syncDirectory(dataDir);
      }
    } catch (error) {
      changed.add(ns); // retried with the next change or on close
      throw error;
    }
  }
}
