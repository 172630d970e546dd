// The web SDK in a real browser (Chromium): over WebSocket, over long polling (the SDK's
// fallback after a WebSocket failed earlier in the tab) and the long-poll → WebSocket upgrade.
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { build } from 'esbuild';
import { get, ref, set } from 'firebase/database';
import { chromium, type Browser, type Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../package-root';
import {
  clients,
  eventually,
  startTarget,
  TARGETS,
  uniqueId,
  type Clients,
  type Target,
} from './target';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const hasBrowser = existsSync(CHROMIUM);

declare global {
  interface Window {
    fb: {
      open(url: string, host: string, port: number): void;
      set(path: string, value: unknown): Promise<void>;
      get(path: string): Promise<unknown>;
      listen(path: string): void;
      seen: Record<string, unknown[]>;
      onDisconnectSet(path: string, value: unknown): Promise<void>;
    };
  }
}

describe.each(TARGETS)('against %s', (kind) => {
  let target: Target;
  let c: Clients;
  let browser: Browser;
  let server: Server;
  let origin: string;
  let sdk: string;

  const page = (preamble: string) =>
    `<!doctype html><html><head><script>${preamble}</script><script src="/sdk.js"></script></head><body>ok</body></html>`;

  beforeAll(async () => {
    if (!hasBrowser) return;
    target = await startTarget('browser', kind);
    c = clients(target);
    const bundle = await build({
      stdin: {
        contents: `
          import { initializeApp } from 'firebase/app';
          import { getDatabase, connectDatabaseEmulator, ref, set, get, onValue, onDisconnect } from 'firebase/database';
          let db;
          window.fb = {
            seen: {},
            open(url, host, port) {
              db = getDatabase(initializeApp({ projectId: 'demo-browser', databaseURL: url }));
              connectDatabaseEmulator(db, host, port);
            },
            set: (p, v) => set(ref(db, p), v),
            get: async (p) => (await get(ref(db, p))).val(),
            listen(p) { window.fb.seen[p] = []; onValue(ref(db, p), (s) => window.fb.seen[p].push(s.val())); },
            onDisconnectSet: (p, v) => onDisconnect(ref(db, p)).set(v),
          };`,
        resolveDir: packageRoot,
      },
      bundle: true,
      write: false,
      format: 'iife',
      platform: 'browser',
      logLevel: 'silent',
    });
    sdk = bundle.outputFiles[0].text;
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/sdk.js') {
        res.writeHead(200, { 'Content-Type': 'application/javascript' }).end(sdk);
        return;
      }
      const preambles: Record<string, string> = {
        '/ws': '',
        // what the SDK stores (per origin) when a WebSocket attempt never became healthy
        '/fallback': "localStorage.setItem('firebase:previous_websocket_failure', 'true');",
        '/longpoll-only': 'window.WebSocket = undefined;',
      };
      res.writeHead(200, { 'Content-Type': 'text/html' }).end(page(preambles[url.pathname] ?? ''));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const address = server.address();
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu'],
    });
  });

  afterAll(async () => {
    if (!hasBrowser) return;
    await browser?.close();
    await new Promise((r) => server?.close(r));
    await c?.cleanup();
    await target?.close();
  });

  async function openPage(kind: string): Promise<{ page: Page; lp: string[]; ws: string[] }> {
    const context = await browser.newContext();
    const p = await context.newPage();
    const lp: string[] = [];
    const ws: string[] = [];
    p.on('request', (r) => {
      if (r.url().includes('/.lp?')) lp.push(r.url());
    });
    p.on('websocket', (w) => ws.push(w.url()));
    await p.goto(`${origin}/${kind}`);
    await p.evaluate(
      ([url, host, port]) => window.fb.open(url as string, host as string, port as number),
      [`${target.origin}?ns=${target.ns}`, target.host, target.port],
    );
    return { page: p, lp, ws };
  }

  async function roundTrip(p: Page): Promise<void> {
    const path = uniqueId('b-');
    await p.evaluate((path) => window.fb.listen(path), path);
    await p.evaluate(([path]) => window.fb.set(`${path}/fromBrowser`, 1), [path]);
    const node = c.web();
    expect((await get(ref(node, `${path}/fromBrowser`))).val()).toBe(1);
    await set(ref(node, `${path}/fromNode`), 2);
    await eventually(async () => {
      const seen = await p.evaluate((path) => window.fb.seen[path], path);
      expect(seen.at(-1)).toEqual({ fromBrowser: 1, fromNode: 2 });
    });
    expect(await p.evaluate((path) => window.fb.get(path), path)).toEqual({
      fromBrowser: 1,
      fromNode: 2,
    });
  }

  describe.skipIf(!hasBrowser)('web SDK in Chromium', () => {
    it('talks over a WebSocket', async () => {
      const { page: p, lp, ws } = await openPage('ws');
      await roundTrip(p);
      expect(lp).toHaveLength(0);
      expect(ws.length).toBeGreaterThan(0);
      await p.context().close();
    });

    it('falls back to long polling after an earlier WebSocket failure, then upgrades', async () => {
      const { page: p, lp, ws } = await openPage('fallback');
      await roundTrip(p);
      expect(
        lp.some((u) => u.includes('start=t')),
        JSON.stringify({ lp, ws }),
      ).toBe(true);
      await eventually(() => expect(ws.some((u) => /[?&]s=/.test(u))).toBe(true), 10_000);
      // still works after the switch
      await roundTrip(p);
      await p.context().close();
    });

    it('works with long polling only, and runs onDisconnect when the page goes away', async () => {
      const { page: p, lp, ws } = await openPage('longpoll-only');
      await roundTrip(p);
      expect(lp.length).toBeGreaterThan(1);
      expect(ws).toHaveLength(0);
      const path = uniqueId('bye-');
      await p.evaluate(([path]) => window.fb.onDisconnectSet(path, 'gone'), [path]);
      // leaving the page unloads the SDK's disconnect frame, which tells the server
      await p.goto('about:blank');
      const node = c.web();
      await eventually(async () => expect((await get(ref(node, path))).val()).toBe('gone'), 10_000);
      await p.context().close();
    });
  });
});
