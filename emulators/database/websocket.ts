/**
 * The WebSocket transport: count-prefixed multi-frame messages in both directions
 * (emulators/database/README.md), the client's "0" keep-alive, and the long-poll → WebSocket
 * upgrade handshake on sockets that carry `s=<session id>`.
 */
import type { WebSocket } from 'ws';
import type { Transport } from './connection';

/** Server→client messages above this size are split into frames, like the SDK does. */
const MAX_FRAME = 16384;

export class WsTransport implements Transport {
  constructor(private readonly ws: WebSocket) {}

  send(text: string): void {
    const ws = this.ws;
    if (ws.readyState !== ws.OPEN) return;
    if (text.length <= MAX_FRAME) {
      ws.send(text);
      return;
    }
    const n = Math.ceil(text.length / MAX_FRAME);
    ws.send(String(n));
    for (let i = 0; i < n; i++) ws.send(text.slice(i * MAX_FRAME, (i + 1) * MAX_FRAME));
  }

  close(): void {
    this.ws.terminate();
  }
}

/**
 * Reads whole messages off a socket: reassembles count-prefixed frames, drops the
 * keep-alive frame "0", reports binary frames as errors.
 */
export function readMessages(
  ws: WebSocket,
  onMessage: (text: string) => void,
  onError: (message: string) => void,
): void {
  let frames: string[] | null = null;
  let left = 0;
  ws.on('message', (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
    if (isBinary) {
      onError('Binary frames are not supported');
      return;
    }
    const text = Array.isArray(data)
      ? Buffer.concat(data).toString('utf8')
      : Buffer.isBuffer(data)
        ? data.toString('utf8')
        : Buffer.from(data).toString('utf8');
    if (frames) {
      frames.push(text);
      if (--left === 0) {
        const whole = frames.join('');
        frames = null;
        onMessage(whole);
      }
      return;
    }
    if (text.length <= 6 && /^\d+$/.test(text)) {
      const n = Number(text);
      if (n > 0) {
        frames = [];
        left = n;
      }
      // "0" is the client's keep-alive
      return;
    }
    onMessage(text);
  });
}

export function controlMessage(type: string, data: unknown): string {
  return JSON.stringify({ t: 'c', d: { t: type, d: data } });
}
