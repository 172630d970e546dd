/**
 * One WebSocket client speaking the Realtime Database wire protocol v5
 * (see README.md, "Supports"): hello, frame reassembly, keep-alives, pings, and the
 * data requests (auth, listens, gets, writes, transactions, onDisconnect).
 * Requests are handled synchronously in arrival order, so every push a request
 * causes is on the wire before its reply.
 */
import { randomBytes } from 'node:crypto';
import { decodeJwtPayload, principalFromToken } from '../common/auth-token';
import { originOf, type Listen, type ListenSink, type Namespace } from './namespace';
import type { OpenSpan } from './operation-counts';
import { parseWireQuery } from './query';
import {
  ANONYMOUS,
  OWNER,
  requesterFor,
  requesterForAuthVar,
  type Requester,
} from './rules-adapter';
import { parsePath } from './paths';
import { DataError } from './nodes';

type OnDisconnectOp = { action: 'o' | 'om'; path: string[]; data: unknown };

/** How a connection's messages travel: a WebSocket, or long polling (see longpoll.ts). */
export interface Transport {
  /** sends one whole server→client message (JSON text) */
  send(text: string): void;
  /** closes the underlying channel (no callback into the connection) */
  close(): void;
}

export class Connection implements ListenSink {
  requester: Requester = ANONYMOUS;
  private listens = new Map<string, Listen>();
  private onDisconnect: OnDisconnectOp[] = [];
  private closed = false;
  readonly sessionId = randomBytes(12).toString('base64url');
  /** For the namespace's connection counts (concurrent-connect … concurrent-disconnect). */
  private readonly span: OpenSpan;

  constructor(
    private transport: Transport,
    private readonly ns: Namespace,
    host: string,
    private readonly log: (line: string) => void,
    private readonly onClosed: (conn: Connection) => void,
  ) {
    this.span = ns.operations.connected();
    this.sendControl('h', { ts: Date.now(), v: '5', h: host, s: this.sessionId });
  }

  /** set by the long-poll transport: the client ended transmission on it (upgrade) */
  onEndTransmission?: () => void;

  get isClosed(): boolean {
    return this.closed;
  }

  /** Moves the connection to another transport (long poll → WebSocket upgrade). */
  switchTransport(next: Transport): Transport {
    const previous = this.transport;
    this.transport = next;
    return previous;
  }

  /** One whole client→server message (frames already reassembled). */
  receive(text: string): void {
    if (this.closed) return;
    try {
      this.onMessage(text);
    } catch (e) {
      // never let a bad message take the server down
      this.log(`RTDB: error handling a message: ${(e as Error).stack ?? e}`);
      this.sendControl('e', 'Internal error handling a message');
    }
  }

  // ------------------------------------------------------------ messages

  private onMessage(text: string): void {
    let msg: unknown;
    try {
      msg = JSON.parse(text);
    } catch {
      this.sendControl('e', 'Invalid JSON in message');
      return;
    }
    if (!msg || typeof msg !== 'object' || Array.isArray(msg)) {
      this.sendControl('e', 'Invalid message: expected an object');
      return;
    }
    const { t, d } = msg as { t?: unknown; d?: unknown };
    if (t === 'c') {
      const ctl = d as { t?: unknown } | null;
      if (ctl && typeof ctl === 'object' && ctl.t === 'p') this.sendControl('o', {});
      if (ctl && typeof ctl === 'object' && ctl.t === 'n') this.onEndTransmission?.();
      return;
    }
    if (t !== 'd' || !d || typeof d !== 'object' || Array.isArray(d)) {
      this.sendControl('e', 'Invalid message: expected {"t":"c"|"d","d":{…}}');
      return;
    }
    const req = d as { r?: unknown; a?: unknown; b?: unknown };
    if (typeof req.r !== 'number' || typeof req.a !== 'string') {
      this.sendControl('e', 'Invalid request: "r" and "a" are required');
      return;
    }
    const body =
      req.b && typeof req.b === 'object' && !Array.isArray(req.b)
        ? (req.b as Record<string, unknown>)
        : {};
    try {
      this.handleRequest(req.r, req.a, body);
    } catch (e) {
      if (e instanceof DataError) {
        this.reply(req.r, 'invalid_data', e.message);
      } else {
        this.log(`RTDB: error handling "${req.a}": ${(e as Error).stack ?? e}`);
        this.reply(req.r, 'internal_error', 'Internal error');
      }
    }
  }

  private sendRaw(text: string): void {
    if (this.closed) return;
    this.transport.send(text);
  }

  private sendControl(type: string, data: unknown): void {
    this.sendRaw(JSON.stringify({ t: 'c', d: { t: type, d: data } }));
  }

  push(action: string, body: string): void {
    this.sendRaw(`{"t":"d","d":{"a":${JSON.stringify(action)},"b":${body}}}`);
  }

  private reply(r: number, status: string, data: unknown = ''): void {
    this.sendRaw(JSON.stringify({ t: 'd', d: { r, b: { s: status, d: data } } }));
  }

  private replyRaw(r: number, status: string, dataJson: string): void {
    this.sendRaw(`{"t":"d","d":{"r":${r},"b":{"s":${JSON.stringify(status)},"d":${dataJson}}}}`);
  }

  // ------------------------------------------------------------ requests

  private handleRequest(r: number, action: string, b: Record<string, unknown>): void {
    switch (action) {
      case 's': // stats
        this.reply(r, 'ok');
        return;
      case 'auth':
      case 'gauth':
        this.handleAuth(r, action, b);
        return;
      case 'unauth':
        this.requester = ANONYMOUS;
        this.reply(r, 'ok');
        this.ns.revalidateListens(this);
        return;
      case 'appcheck':
      case 'unappeck':
        this.reply(r, 'ok');
        return;
      case 'q':
        this.handleListen(r, b);
        return;
      case 'n':
        this.handleUnlisten(r, b);
        return;
      case 'g':
        this.handleGet(r, b);
        return;
      case 'p':
      case 'm':
        this.handleWrite(r, action, b);
        return;
      case 'o':
      case 'om':
      case 'oc':
        this.handleOnDisconnect(r, action, b);
        return;
      default:
        this.reply(r, 'invalid_request', `Unknown action "${action}"`);
    }
  }

  private handleAuth(r: number, action: string, b: Record<string, unknown>): void {
    const cred = b.cred;
    if (typeof cred !== 'string' || cred.length === 0) {
      this.reply(r, 'invalid_token', 'Missing credential');
      return;
    }
    const principal = principalFromToken(cred);
    if (!principal || principal.kind === 'anonymous') {
      this.reply(r, 'invalid_token', 'Could not parse auth token.');
      return;
    }
    let requester: Requester;
    if (principal.kind === 'owner') {
      if (b.noauth === true) requester = ANONYMOUS;
      else if (b.authvar !== undefined) requester = requesterForAuthVar(b.authvar);
      else requester = OWNER;
    } else {
      requester = requesterFor(principal);
    }
    this.requester = requester;
    const payload = principal.kind === 'user' ? decodeJwtPayload(cred) : null;
    this.reply(r, 'ok', payload ? { auth: payload, expires: payload.exp ?? null } : { auth: null });
    void action;
    this.ns.revalidateListens(this);
  }

  private listenKey(pathStr: string, tag: unknown): string {
    return typeof tag === 'number' ? `${pathStr}|${tag}` : pathStr;
  }

  private handleListen(r: number, b: Record<string, unknown>): void {
    const path = parsePath(b.p);
    const pathStr = '/' + path.join('/');
    const tag = typeof b.t === 'number' ? b.t : undefined;
    const query = tag !== undefined ? parseWireQuery(b.q) : null;
    if (!this.ns.canRead(this.requester, path, query)) {
      this.reply(r, 'permission_denied', 'Permission denied');
      return;
    }
    const key = this.listenKey(pathStr, tag);
    const existing = this.listens.get(key);
    if (existing) this.ns.removeListen(existing);
    const listen: Listen = { sink: this, path, pathStr, tag, query, rawQuery: b.q };
    this.listens.set(key, listen);
    this.ns.addListen(listen);
    const { indexed } = this.ns.initialPush(listen);
    this.reply(r, 'ok', indexed ? {} : { w: ['no_index'] });
  }

  private handleUnlisten(r: number, b: Record<string, unknown>): void {
    const path = parsePath(b.p);
    const key = this.listenKey('/' + path.join('/'), b.t);
    const listen = this.listens.get(key);
    this.ns.operations.operation(
      'listener-unlisten',
      originOf(this.requester),
      '/' + path.join('/'),
    );
    if (listen) {
      this.listens.delete(key);
      this.ns.removeListen(listen);
    }
    this.reply(r, 'ok');
  }

  revoked(listen: Listen): void {
    this.listens.delete(this.listenKey(listen.pathStr, listen.tag));
    const body: Record<string, unknown> = { p: listen.pathStr };
    if (listen.tag !== undefined) body.q = [listen.rawQuery];
    this.push('c', JSON.stringify(body));
  }

  private handleGet(r: number, b: Record<string, unknown>): void {
    const path = parsePath(b.p);
    const query = parseWireQuery(b.q);
    if (!this.ns.canRead(this.requester, path, query)) {
      this.reply(r, 'permission_denied', 'Permission denied');
      return;
    }
    const data = this.ns.readExport(path, query);
    // get() is a one-time listen on the wire; the profiler has no type of its own for it
    this.ns.operations.operation(
      'listener-listen',
      originOf(this.requester),
      '/' + path.join('/'),
      data.length,
    );
    this.replyRaw(r, 'ok', data);
  }

  private handleWrite(r: number, action: string, b: Record<string, unknown>): void {
    const path = parsePath(b.p);
    const op =
      action === 'p'
        ? { kind: 'set' as const, path, data: b.d, hash: typeof b.h === 'string' ? b.h : undefined }
        : { kind: 'merge' as const, path, data: b.d };
    this.ns.countWrite(
      op.kind === 'merge'
        ? 'realtime-update'
        : op.hash !== undefined
          ? 'realtime-transaction'
          : 'realtime-write',
      this.requester,
      op,
    );
    const result = this.ns.write(this.requester, op);
    if (result.ok) this.reply(r, 'ok');
    else this.reply(r, result.status, result.message);
  }

  private handleOnDisconnect(r: number, action: string, b: Record<string, unknown>): void {
    const path = parsePath(b.p);
    const counted =
      action === 'oc'
        ? 'on-disconnect-cancel'
        : action === 'o'
          ? 'on-disconnect-put'
          : 'on-disconnect-update';
    this.ns.operations.operation(counted, originOf(this.requester), '/' + path.join('/'));
    if (action === 'oc') {
      this.onDisconnect = this.onDisconnect.filter((op) => !startsWith(op.path, path));
      this.reply(r, 'ok');
      return;
    }
    // validate now (data and rules, as if it ran now); server values resolve when it runs
    const op =
      action === 'o'
        ? { kind: 'set' as const, path, data: b.d }
        : { kind: 'merge' as const, path, data: b.d };
    const { result } = this.ns.prepareWrite(this.requester, op, Date.now());
    if (!result.ok) {
      this.reply(r, result.status, result.message);
      return;
    }
    if (action === 'o')
      this.onDisconnect = this.onDisconnect.filter((o) => !startsWith(o.path, path));
    this.onDisconnect.push({ action: action as 'o' | 'om', path, data: b.d });
    this.reply(r, 'ok');
  }

  // ------------------------------------------------------------ close

  /** The client went away (socket closed, long poll timed out): release listens, run onDisconnect. */
  transportClosed(): void {
    this.handleClose();
  }

  private handleClose(): void {
    if (this.closed) return;
    this.closed = true;
    for (const listen of this.listens.values()) this.ns.removeListen(listen);
    this.listens.clear();
    const ops = this.onDisconnect;
    this.onDisconnect = [];
    for (const op of ops) {
      try {
        const write =
          op.action === 'o'
            ? { kind: 'set' as const, path: op.path, data: op.data }
            : { kind: 'merge' as const, path: op.path, data: op.data };
        this.ns.countWrite('run-on-disconnect', this.requester, write);
        const result = this.ns.write(this.requester, write);
        if (!result.ok)
          this.log(
            `RTDB: onDisconnect ${op.action} at /${op.path.join('/')} failed: ${result.message}`,
          );
      } catch (e) {
        this.log(`RTDB: onDisconnect failed: ${(e as Error).message}`);
      }
    }
    this.ns.operations.disconnected(this.span);
    this.onClosed(this);
  }

  /** Closes the transport (server shutdown); onDisconnect ops run. */
  close(): void {
    try {
      this.transport.close();
    } catch {
      /* already gone */
    }
    this.handleClose();
  }
}

function startsWith(path: string[], prefix: string[]): boolean {
  if (prefix.length > path.length) return false;
  return prefix.every((s, i) => path[i] === s);
}
