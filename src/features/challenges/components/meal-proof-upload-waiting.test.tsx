import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { uploadFile, type UploadHandle } from '@/services/storage';
import { ApiError, callApi } from '@/services/api-client';
import type { WaitingProof } from '@/services/waiting-proofs';
import { memberFixture, renderApp } from '@/testing/render-app';
import { submitMealProof } from '../api/submit-meal-proof';
import { MealProofUpload } from './meal-proof-upload';

// A photo chosen without a network waits on the device (docs/product.md, "Photos that wait for the
// network"): the device store is an in-memory stand-in for IndexedDB (jsdom has none).

const kept = vi.hoisted(() => new Map<string, unknown>());
const SHA = 'ab'.repeat(32);

vi.mock('@/services/waiting-proofs', () => {
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());
  return {
    keepWaitingProof: vi.fn(async (proof: { key: string }) => {
      kept.set(proof.key, proof);
      changed();
    }),
    removeWaitingProof: vi.fn(async (key: string) => {
      kept.delete(key);
      changed();
    }),
    waitingProofs: vi.fn(async () => [...kept.values()]),
    subscribeWaitingProofs: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    askPersistentStorage: vi.fn(async () => {}),
    sha256Hex: vi.fn(async () => SHA),
    PROOF_SYNC_TAG: 'challangex-proof-claims',
    requestBackgroundSync: vi.fn(async () => {}),
  };
});
vi.mock('@/services/storage', () => ({
  uploadFile: vi.fn(),
  storedFileUrl: vi.fn(() => Promise.resolve(null)),
  isCanceledUpload: (error: { code?: string }) => error?.code === 'storage/canceled',
}));
vi.mock('@/services/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/services/api-client')>()),
  callApi: vi.fn(() => Promise.resolve({ receivedAt: 1_000 })),
}));
vi.mock('@/lib/compress-photo', () => ({
  compressPhoto: vi.fn((file: File) => Promise.resolve(file)),
}));
vi.mock('../api/keep-capture-time', () => ({
  keepCaptureTime: vi.fn((_original: Blob, compressed: Blob) => Promise.resolve(compressed)),
}));
vi.mock('../api/submit-meal-proof', () => ({
  submitMealProof: vi.fn(() => Promise.resolve({ review: null })),
}));
vi.mock('@/lib/toast', () => ({
  toastSuccess: vi.fn(),
  toastError: vi.fn(),
  toastErrorWithReason: vi.fn(),
  toastInfo: vi.fn(),
  confirmAction: vi.fn(),
}));

const challenge = { ownerId: memberFixture.uid, challengeId: '-Nchallenge000000002' };
const photo = new File(['jpeg'], 'lunch.jpg', { type: 'image/jpeg' });
const pathOf = (day: number) =>
  `Challenge/${challenge.ownerId}/${challenge.challengeId}/Day${day}-lunch.jpg`;

function renderUpload(dayNumber: number) {
  return renderApp(
    <MealProofUpload
      challenge={challenge}
      dayNumber={dayNumber}
      slot="lunch"
      enabled
      mealLabel={`Day ${dayNumber} lunch`}
    />,
    { user: memberFixture, path: '/challange/green-week' },
  );
}

function uploadsAtOnce() {
  vi.mocked(uploadFile).mockImplementation(
    (path) =>
      ({
        pause: () => true,
        resume: () => true,
        cancel: () => true,
        done: Promise.resolve({ url: 'https://x.example/p.jpg', path }),
      }) as UploadHandle,
  );
}

let onLine: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.clearAllMocks();
  onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
});
afterEach(async () => {
  onLine.mockRestore();
  // Each test's photos leave the device queue, so the next test's sends are its own.
  const sender = await import('../api/waiting-proof-sender');
  await Promise.all([...kept.keys()].map((key) => sender.dismissWaitingProof(key)));
});

function goOnline() {
  onLine.mockReturnValue(true);
  act(() => void window.dispatchEvent(new Event('online')));
}

it('offline: keeps the photo with its hash on the phone, says so, and sends claim, photo and proof once online', async () => {
  uploadsAtOnce();
  renderUpload(1);
  await userEvent.upload(screen.getByLabelText('Proof photo for Day 1 lunch'), photo);
  const status = await screen.findByText('Saved on this phone');
  expect(status.parentElement).toHaveTextContent(
    "Saved on this phone — uploads when you're back online.",
  );
  expect(kept.get(pathOf(1))).toMatchObject({ sha256: SHA, day: 1, slot: 'lunch', photo });
  expect(uploadFile).not.toHaveBeenCalled();
  expect(callApi).not.toHaveBeenCalled();

  goOnline();
  await waitFor(() => expect(submitMealProof).toHaveBeenCalledTimes(1));
  expect(callApi).toHaveBeenCalledWith(
    `/api/challenges/${challenge.challengeId}/days/1/meals/lunch/claim`,
    { sha256: SHA },
  );
  expect(vi.mocked(uploadFile).mock.calls[0].slice(0, 2)).toEqual([pathOf(1), photo]);
  await waitFor(() => expect(kept.has(pathOf(1))).toBe(false));
  expect(await screen.findByLabelText('Proof photo for Day 1 lunch')).toBeEnabled();
});

it('after a reload: the photo kept on the phone shows as waiting, still offline', async () => {
  const waiting: WaitingProof = {
    key: pathOf(2),
    uid: challenge.ownerId,
    challengeId: challenge.challengeId,
    day: 2,
    slot: 'lunch',
    attempt: 1,
    sha256: SHA,
    photo,
    keptAt: Date.now(),
    claimedAt: 900,
  };
  kept.set(waiting.key, waiting);
  renderUpload(2);
  expect(await screen.findByText('Saved on this phone')).toBeInTheDocument();
  expect(uploadFile).not.toHaveBeenCalled();
});

it('a photo the server refuses says why, and leaves the phone once the member has read it', async () => {
  uploadsAtOnce();
  vi.mocked(submitMealProof).mockImplementation((_challenge, day) =>
    day === 3
      ? Promise.reject(new ApiError(409, "This meal's window has closed", 'window-closed'))
      : Promise.resolve({ review: null } as Awaited<ReturnType<typeof submitMealProof>>),
  );
  renderUpload(3);
  await userEvent.upload(screen.getByLabelText('Proof photo for Day 3 lunch'), photo);
  await screen.findByText('Saved on this phone');
  goOnline();
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent("Photo refused. This meal's window has closed");
  expect(kept.get(pathOf(3))).toMatchObject({ problem: "This meal's window has closed" });
  await userEvent.click(screen.getByRole('button', { name: 'Choose another photo' }));
  await waitFor(() => expect(kept.has(pathOf(3))).toBe(false));
});

it('a claim that reached the server after the window closed: the photo is not sent, and the row says why', async () => {
  uploadsAtOnce();
  vi.mocked(callApi).mockImplementation((path) =>
    path.includes('/days/4/')
      ? Promise.reject(new ApiError(409, "This meal's window has closed", 'window-closed'))
      : Promise.resolve({ receivedAt: 1_000 }),
  );
  renderUpload(4);
  await userEvent.upload(screen.getByLabelText('Proof photo for Day 4 lunch'), photo);
  await screen.findByText('Saved on this phone');
  goOnline();
  expect(await screen.findByRole('alert')).toHaveTextContent(
    "Photo refused. This photo reached the server after the meal's window closed, so it cannot count.",
  );
  expect(uploadFile).not.toHaveBeenCalledWith(pathOf(4), expect.anything(), expect.anything());
  expect(submitMealProof).not.toHaveBeenCalledWith(challenge, 4, 'lunch');
});

describe('online, a photo kept on the phone while it uploads', () => {
  const rejectUpload = (code: string) =>
    vi.mocked(uploadFile).mockImplementationOnce(
      () =>
        ({
          pause: () => true,
          resume: () => true,
          cancel: () => true,
          done: Promise.reject(Object.assign(new Error(code), { code })),
        }) as UploadHandle,
    );

  it('waits on the phone when the connection is lost mid-upload (the SDK gave up)', async () => {
    onLine.mockReturnValue(true);
    let giveUp = () => {};
    vi.mocked(uploadFile).mockImplementationOnce(
      () =>
        ({
          pause: () => true,
          resume: () => true,
          cancel: () => true,
          done: new Promise((_resolve, reject) => {
            giveUp = () =>
              reject(Object.assign(new Error('gave up'), { code: 'storage/retry-limit-exceeded' }));
          }),
        }) as UploadHandle,
    );
    renderUpload(5);
    await userEvent.upload(screen.getByLabelText('Proof photo for Day 5 lunch'), photo);
    await screen.findByRole('group', { name: 'Upload of Day 5 lunch proof' });
    onLine.mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    await act(async () => giveUp());
    expect(await screen.findByText('Saved on this phone')).toBeInTheDocument();
    expect(kept.get(pathOf(5))).toMatchObject({ sha256: SHA });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says why as before when Storage refuses it for another reason (its quota), with a retry', async () => {
    onLine.mockReturnValue(true);
    rejectUpload('storage/quota-exceeded');
    renderUpload(6);
    await userEvent.upload(screen.getByLabelText('Proof photo for Day 6 lunch'), photo);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error uploading image.');
    expect(screen.getByRole('button', { name: 'Retry upload' })).toBeInTheDocument();
    expect(screen.queryByText('Saved on this phone')).not.toBeInTheDocument();
    expect(uploadFile).toHaveBeenCalledTimes(1);
  });
});
