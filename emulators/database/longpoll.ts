/**
 * The long-polling transport (`/.lp`) browsers fall back to when a WebSocket failed
 * earlier in the tab (the web SDK then starts with long polling and upgrades to a
 * WebSocket). JSONP: every response is a script run in the SDK's hidden iframe that
 * calls the page's `pLPCommand<cb>` / `pRTLPCB<cb>` callbacks
 * (@firebase/database BrowserPollConnection, FirebaseIFrameScriptHolder, Connection).
 *
 * - start: `?start=t&ser=&cb=&v=5&ns=` → `pLPCommand('start', id, pw)` + the hello as response 0.
 * - poll: `?id=&pw=&ser=[&seg<i>=&ts<i>=&d<i>=]` carries base64 (web-safe, "." padding)
 *   segments of client messages; the request is held until there is data (numbered
 *   responses 1, 2, … delivered in order by the client) or for 20 s.
 * - dframe: `?dframe=t&id=&pw=` is an iframe whose unload tells us the client left.
 * - upgrade: a WebSocket with `s=<session id>` gets the switch ack "a", answers pings,
 *   and on the client's "a" carries the replies; once the client's "n" arrives on the long
 *   poll (so nothing it sent that way is lost), the long poll ends with "n" and `close`.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { WebSocket } from 'ws';
import type { Connection, Transport } from './connection';
import { controlMessage, readMessages, WsTransport } from './websocket';

const HOLD_MS = 20_000;
/** a session that has not polled for this long is gone */
const IDLE_MS = 90_000;

type CreateConnection = (transport: Transport, url: URL, host: string) => Connection;

interface Held {
  res: ServerResponse;
  timer: NodeJS.Timeout;
}

class LongPollSession implements Transport {
  readonly id = randomBytes(8).toString('hex');
  readonly pw = randomBytes(8).toString('hex');
  conn!: Connection;
  private outbox: string[] = [];
  private held: Held[] = [];
  private nextResponse = 0;
  private segments = new Map<number, { ts: number; d: string }>();
  private nextSegment = 0;
  lastSeen = Date.now();
  /** after an upgrade: the long poll ends once "n" has been delivered */
  private ending = false;
  private endResponse = -1;
  finished = false;
  /** set while a WebSocket is upgrading this session: hands the connection over to it */
  takeOver?: () => void;

  constructor(
    readonly cb: string,
    private readonly onFinished: (s: LongPollSession) => void,
  ) {}

  private callbacks(body: string): string {
    const cb = this.cb;
    return (
      `(function(){var w=window;try{if(!w.pRTLPCB${cb}&&w.parent)w=w.parent}catch(e){}` +
      `var c=w.pLPCommand${cb},r=w.pRTLPCB${cb};${body}})();`
    );
  }

  send(text: string): void {
    if (this.finished) return;
    this.outbox.push(text);
    this.flush();
  }

  /** server shutdown: tell the client the connection is over */
  close(): void {
    if (this.finished) return;
    this.finished = true;
    for (const h of this.held.splice(0)) {
      clearTimeout(h.timer);
      this.respond(h.res, this.callbacks("c('close');"));
    }
    this.onFinished(this);
  }

  /** Starts the session: the start command, then the hello (response 0). */
  start(res: ServerResponse): void {
    const body = `c('start',${JSON.stringify(this.id)},${JSON.stringify(this.pw)});`;
    const data = this.takeOutbox();
    this.respond(res, this.callbacks(body + data));
  }

  private takeOutbox(): string {
    if (this.outbox.length === 0) return '';
    const n = this.nextResponse++;
    const call = `r(${n},[${this.outbox.join(',')}]);`;
    this.outbox = [];
    if (this.ending && this.endResponse < 0) {
      this.endResponse = n;
      return call + `c('close',${n});`;
    }
    return call;
  }

  private respond(res: ServerResponse, script: string): void {
    if (res.writableEnded) return;
    res.writeHead(200, {
      'Content-Type': 'application/javascript; charset=utf-8',
      'Cache-Control': 'no-cache, no-store, must-revalidate',
    });
    res.end(script);
  }

  private flush(): void {
    while (this.outbox.length > 0 && this.held.length > 0) {
      const h = this.held.shift()!;
      clearTimeout(h.timer);
      this.respond(h.res, this.callbacks(this.takeOutbox()));
    }
    if (this.ending && this.endResponse >= 0 && this.outbox.length === 0) {
      // everything up to "n" is on its way; release the remaining polls and finish
      for (const h of this.held.splice(0)) {
        clearTimeout(h.timer);
        this.respond(h.res, this.callbacks(`c('close',${this.endResponse});`));
      }
      if (!this.finished) {
        this.finished = true;
        this.onFinished(this);
      }
    }
  }

  /** A poll: take its segments, then hold it for outgoing data. */
  poll(url: URL, res: ServerResponse): void {
    this.lastSeen = Date.now();
    for (let i = 0; url.searchParams.has(`seg${i}`); i++) {
      const seg = Number(url.searchParams.get(`seg${i}`));
      const ts = Number(url.searchParams.get(`ts${i}`));
      const d = url.searchParams.get(`d${i}`) ?? '';
      if (Number.isInteger(seg) && Number.isInteger(ts) && ts > 0)
        this.segments.set(seg, { ts, d });
    }
    this.deliverSegments();
    if (this.finished) {
      this.respond(
        res,
        this.callbacks(`c('close'${this.endResponse >= 0 ? `,${this.endResponse}` : ''});`),
      );
      return;
    }
    const held: Held = {
      res,
      timer: setTimeout(() => {
        this.held = this.held.filter((h) => h !== held);
        this.respond(res, ';');
      }, HOLD_MS),
    };
    res.on('close', () => {
      clearTimeout(held.timer);
      this.held = this.held.filter((h) => h !== held);
    });
    this.held.push(held);
    // the client keeps one poll open; when it sends another, release the older one
    while (this.held.length > 1 && this.outbox.length === 0) {
      const old = this.held.shift()!;
      clearTimeout(old.timer);
      this.respond(old.res, ';');
    }
    this.flush();
  }

  private deliverSegments(): void {
    for (;;) {
      const first = this.segments.get(this.nextSegment);
      if (!first) return;
      const parts: string[] = [];
      for (let k = 0; k < first.ts; k++) {
        const s = this.segments.get(this.nextSegment + k);
        if (!s) return; // wait for the rest
        parts.push(s.d);
      }
      for (let k = 0; k < first.ts; k++) this.segments.delete(this.nextSegment + k);
      this.nextSegment += first.ts;
      const b64 = parts.join('').replace(/-/g, '+').replace(/_/g, '/').replace(/\./g, '=');
      const text = Buffer.from(b64, 'base64').toString('utf8');
      this.conn.receive(text);
    }
  }

  /** The WebSocket took over: end the long poll with "n", then close it. */
  endForUpgrade(): void {
    if (this.ending) return;
    this.ending = true;
    this.outbox.push(controlMessage('n', {}));
    this.flush();
  }

  idleFor(now: number): number {
    return this.held.length > 0 ? 0 : now - this.lastSeen;
  }
}

function controlType(text: string): string | null {
  try {
    const msg = JSON.parse(text) as { t?: unknown; d?: { t?: unknown } } | null;
    return msg && msg.t === 'c' && msg.d && typeof msg.d.t === 'string' ? msg.d.t : null;
  } catch {
    return null;
  }
}

export class LongPollServer {
  private byId = new Map<string, LongPollSession>();
  private bySessionId = new Map<string, LongPollSession>();
  private sweeper: NodeJS.Timeout;

  constructor(
    private readonly createConnection: CreateConnection,
    private readonly log: (line: string) => void,
  ) {
    this.sweeper = setInterval(() => this.sweep(), 10_000);
    this.sweeper.unref();
  }

  private sweep(): void {
    const now = Date.now();
    for (const s of [...this.byId.values()]) {
      if (s.idleFor(now) > IDLE_MS) {
        this.log('RTDB: long-poll session timed out');
        this.drop(s);
        if (!s.conn.isClosed && !s.finished) s.conn.transportClosed();
      }
    }
  }

  private drop(s: LongPollSession): void {
    this.byId.delete(s.id);
    if (this.bySessionId.get(s.conn.sessionId) === s) this.bySessionId.delete(s.conn.sessionId);
  }

  /** GET /.lp?… */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): void {
    const p = url.searchParams;
    if (p.get('start') === 't') {
      const cb = p.get('cb') ?? '';
      if (!/^\d*$/.test(cb)) {
        res.writeHead(400).end();
        return;
      }
      const session = new LongPollSession(cb, (s) => this.drop(s));
      session.conn = this.createConnection(session, url, req.headers.host ?? '');
      // the client's "n" on the long poll: everything it sent that way has arrived and it now
      // sends on the upgrading WebSocket; answer "n" after our last long-poll message, then close
      session.conn.onEndTransmission = () => {
        session.takeOver?.();
        session.endForUpgrade();
      };
      this.byId.set(session.id, session);
      this.bySessionId.set(session.conn.sessionId, session);
      session.start(res);
      return;
    }
    const session = this.byId.get(p.get('id') ?? '');
    if (!session || session.pw !== p.get('pw')) {
      res.writeHead(404, { 'Content-Type': 'application/javascript' }).end('');
      return;
    }
    if (p.get('dframe') === 't') {
      res.writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-cache',
      });
      const leave = `${url.pathname}?disconn=t&id=${session.id}&pw=${session.pw}`;
      res.end(
        '<html><body><script>var done=false;function leave(){if(done)return;done=true;' +
          `try{if(navigator.sendBeacon&&navigator.sendBeacon(${JSON.stringify(leave)}))return}catch(e){}` +
          `try{var x=new XMLHttpRequest();x.open('GET',${JSON.stringify(leave)},false);x.send()}catch(e){}}` +
          "addEventListener('pagehide',leave);addEventListener('unload',leave);</script></body></html>",
      );
      return;
    }
    if (p.get('disconn') === 't') {
      res.writeHead(200).end();
      if (!session.finished) {
        this.drop(session);
        session.conn.transportClosed();
      }
      return;
    }
    session.poll(url, res);
  }

  /** A WebSocket opened with `s=<session id>`: the client upgrading a long-poll session. */
  upgrade(ws: WebSocket, sessionId: string, host: string): void {
    const session = this.bySessionId.get(sessionId);
    if (!session || session.finished || session.conn.isClosed) {
      ws.send(controlMessage('r', host));
      ws.close();
      return;
    }
    let switched = false;
    const takeOver = () => {
      if (switched) return;
      switched = true;
      // replies now go out on the WebSocket (the client buffers them until our "n" on the long
      // poll); the long poll keeps reading until the client's "n" arrives on it
      session.conn.switchTransport(new WsTransport(ws));
    };
    session.takeOver = takeOver;
    readMessages(
      ws,
      (text) => {
        if (!switched) {
          const control = controlType(text);
          if (control === 'p') {
            ws.send(controlMessage('o', {}));
            return;
          }
          takeOver();
          if (control === 'a') return;
        }
        session.conn.receive(text);
      },
      (message) => ws.send(controlMessage('e', message)),
    );
    ws.on('close', () => {
      if (switched) session.conn.transportClosed();
    });
    ws.on('error', () => {
      if (switched) session.conn.transportClosed();
    });
    ws.send(controlMessage('a', {}));
  }

  close(): void {
    clearInterval(this.sweeper);
    for (const s of [...this.byId.values()]) s.close();
  }
}
