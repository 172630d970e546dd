import type { WaitingProof } from '@/services/waiting-proofs';
import { keepWaitingProof, waitingProofs } from '@/services/waiting-proofs';
import { registerProofSync, syncProofClaims } from './proof-sync';

vi.mock('@/services/waiting-proofs', () => ({
  PROOF_SYNC_TAG: 'challangex-proof-claims',
  keepWaitingProof: vi.fn(async () => {}),
  waitingProofs: vi.fn(async () => []),
}));

const NOW = 1_750_000_000_000;
/** An unsigned JWT whose payload expires at `exp` (seconds): all the worker reads of it. */
const tokenExpiring = (expMs: number) =>
  `x.${btoa(JSON.stringify({ exp: expMs / 1000 }))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')}.y`;

const proof = (over: Partial<WaitingProof>): WaitingProof => ({
  key: 'Challenge/u/-Nchallenge000000003/Day1-lunch.jpg',
  uid: 'u',
  challengeId: '-Nchallenge000000003',
  day: 1,
  slot: 'lunch',
  attempt: 1,
  sha256: 'cd'.repeat(32),
  photo: new Blob(['x']),
  keptAt: NOW,
  ...over,
});

function workerScope() {
  const posted: unknown[] = [];
  const listeners: Array<
    (event: Event & { tag: string; waitUntil(p: Promise<unknown>): void }) => void
  > = [];
  return {
    posted,
    listeners,
    scope: {
      addEventListener: (_type: 'sync', listener: (typeof listeners)[number]) =>
        listeners.push(listener),
      clients: {
        matchAll: async () => [{ postMessage: (message: unknown) => posted.push(message) }],
      },
    },
  };
}

beforeEach(() => {
  vi.clearAllMocks();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ receivedAt: NOW + 5 }), { status: 200 })),
  );
});
afterEach(() => vi.unstubAllGlobals());

it('sends the claim of each waiting photo with its kept token, records the receipt, and wakes open windows', async () => {
  const fresh = proof({ claimToken: tokenExpiring(NOW + 60_000) });
  vi.mocked(waitingProofs).mockResolvedValueOnce([
    fresh,
    proof({ key: 'expired', claimToken: tokenExpiring(NOW - 1) }),
    proof({ key: 'claimed', claimedAt: NOW - 10, claimToken: tokenExpiring(NOW + 60_000) }),
  ]);
  const { scope, posted } = workerScope();
  await syncProofClaims(scope, NOW);
  expect(fetch).toHaveBeenCalledTimes(1);
  expect(fetch).toHaveBeenCalledWith(
    '/api/challenges/-Nchallenge000000003/days/1/meals/lunch/claim',
    expect.objectContaining({
      method: 'POST',
      body: JSON.stringify({ sha256: fresh.sha256 }),
      headers: expect.objectContaining({ Authorization: `Bearer ${fresh.claimToken}` }),
    }),
  );
  expect(keepWaitingProof).toHaveBeenCalledWith({ ...fresh, claimedAt: NOW + 5 });
  expect(posted).toEqual([{ type: 'challangex-proof-claims' }]);
});

it('answers only its own sync tag', () => {
  const { scope, listeners } = workerScope();
  registerProofSync(scope);
  const waitUntil = vi.fn();
  listeners[0](Object.assign(new Event('sync'), { tag: 'something-else', waitUntil }));
  expect(waitUntil).not.toHaveBeenCalled();
  listeners[0](Object.assign(new Event('sync'), { tag: 'challangex-proof-claims', waitUntil }));
  expect(waitUntil).toHaveBeenCalledTimes(1);
});
