import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { valueRead } from '@domain/data/read-descriptor';

// The Database SDK and Auth, as far as database.ts uses them: the test sees whether (and when) they start.
const sdk = vi.hoisted(() => ({
  getDatabase: vi.fn(() => ({})),
  forceWebSockets: vi.fn(),
  connectDatabaseEmulator: vi.fn(),
  ref: vi.fn(() => ({})),
  onValue: vi.fn(() => () => {}),
}));
vi.mock('firebase/database', () => sdk);
vi.mock('./auth', () => ({ sessionApp: () => ({}) }));

beforeEach(() => {
  vi.resetModules();
  sdk.getDatabase.mockClear();
  sdk.onValue.mockClear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ val: 'eat well' }))),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('watchRead on a page that loads', () => {
  it('answers over REST and starts the Database SDK only once the member uses the page', async () => {
    const { watchRead } = await import('./database');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const answers: unknown[] = [];
    watchRead(valueRead('website/banner', { who: 'public' }), (value) => answers.push(value));
    await vi.waitFor(() => expect(answers).toEqual([{ val: 'eat well' }]));
    // Seconds after the answer: still no SDK (no live updates while the page loads).
    await vi.advanceTimersByTimeAsync(10_000);
    vi.useRealTimers();
    expect(sdk.getDatabase).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('pointerdown'));
    await vi.waitFor(() => expect(sdk.onValue).toHaveBeenCalledOnce());
    expect(sdk.getDatabase).toHaveBeenCalledOnce();
  });

  it('starts the SDK at once for a write', async () => {
    const { writePaths } = await import('./database');
    const update = vi.fn(async () => {});
    Object.assign(sdk, { update });
    await writePaths({ 'website/subscribers/a': { email: 'a@example.com' } });
    expect(sdk.getDatabase).toHaveBeenCalledOnce();
    expect(update).toHaveBeenCalledOnce();
  });
});
