/**
 * The dinner peak's stack pieces (scripts/bench/dinner-peak.ts): the RTDB emulator in a child process, and
 * the simulated members' listeners, many members to one WebSocket.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import WebSocket from 'ws';
import { freePort } from '../lib/free-port';
import { repoRoot } from '../lib/stack';

/** The RTDB emulator in a child process, so this process's CPU is the API's (and the clients'). */
export async function startDatabaseChild(
  rulesFile: string,
): Promise<{ port: number; stop: () => Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(repoRoot, 'emulators/database/cli.ts'),
      '--port',
      String(port),
      '--rules',
      rulesFile,
    ],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('The RTDB emulator did not start in 30 s')),
      30_000,
    );
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`The RTDB emulator exited (${code})`)));
  });
  child.stdout!.resume();
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { port, stop };
}

/** Members' listeners, many to a socket (owner credential: no rules work per write). */
export class ListenerSockets {
  private sockets: WebSocket[] = [];
  private pending = 0;
  private waiters: Array<() => void> = [];
  private nextRequest = 1;
  private nextTag = 1;

  async open(url: string, count: number): Promise<void> {
    for (let i = 0; i < count; i++) {
      const socket = new WebSocket(url);
      await new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
      });
      let frames: string[] | null = null;
      let left = 0;
      socket.on('message', (data: Buffer) => {
        const text = data.toString('utf8');
        if (frames) {
          frames.push(text);
          if (--left === 0) this.receive(frames.join(''));
          if (left === 0) frames = null;
          return;
        }
        if (text.length <= 6 && /^\d+$/.test(text)) {
          frames = [];
          left = Number(text);
          return;
        }
        this.receive(text);
      });
      this.sockets.push(socket);
      this.send(i, 'auth', { cred: 'owner' });
    }
    await this.settled();
  }

  listen(member: number, path: string, query?: Record<string, unknown>): void {
    const body: Record<string, unknown> = { p: path, h: '' };
    if (query) Object.assign(body, { q: query, t: this.nextTag++ });
    this.send(member % this.sockets.length, 'q', body);
  }

  settled(timeoutMs = 120_000): Promise<void> {
    if (this.pending === 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('Listens unanswered after 120 s')),
        timeoutMs,
      );
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  close(): void {
    for (const socket of this.sockets) socket.terminate();
  }

  private send(socket: number, action: string, body: Record<string, unknown>) {
    this.pending += 1;
    this.sockets[socket].send(
      JSON.stringify({ t: 'd', d: { r: this.nextRequest++, a: action, b: body } }),
    );
  }

  private receive(text: string) {
    // replies carry "r"; pushes and control messages do not
    if (!text.includes('"r":')) return;
    const message = JSON.parse(text) as { t: string; d: { r?: number } };
    if (message.t !== 'd' || message.d.r === undefined) return;
    this.pending -= 1;
    if (this.pending === 0) for (const waiter of this.waiters.splice(0)) waiter();
  }
}
