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
  vi.unstubAllGlobals();
});

describe('watchRead on a page that loads', () => {
  it('answers over REST and starts the Database SDK once the main content is on screen, not before', async () => {
    const { watchRead } = await import('./database');
    const { reportMainContentShown } = await import('@/lib/main-content');
    const answers: unknown[] = [];
    watchRead(valueRead('website/banner', { who: 'public' }), (value) => answers.push(value));
    await vi.waitFor(() => expect(answers).toEqual([{ val: 'eat well' }]));
    // The answer is in, the main content not yet reported: no SDK on the way to the first paint.
    expect(sdk.getDatabase).not.toHaveBeenCalled();

    // No tap, key or scroll: the page goes live by itself (an upload's result, another member's entry).
    reportMainContentShown();
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
