import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router-dom';
import { compressPhoto } from '@/lib/compress-photo';
import { confirmAction, toastErrorWithReason, toastSuccess } from '@/lib/toast';
import { uploadFile, type UploadHandle, type UploadProgress } from '@/services/storage';
import { memberFixture, renderApp } from '@/testing/render-app';
import { submitMealProof } from '../api/submit-meal-proof';
import { MealProofUpload } from './meal-proof-upload';

vi.mock('@/services/storage', () => ({
  uploadFile: vi.fn(),
  storedFileUrl: vi.fn(() => Promise.resolve(null)),
  isCanceledUpload: (error: { code?: string }) => error?.code === 'storage/canceled',
}));
vi.mock('@/lib/compress-photo', () => ({
  compressPhoto: vi.fn((file: File) => Promise.resolve(file)),
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

const challenge = { ownerId: memberFixture.uid, challengeId: '-Nchallenge000000001' };
const photo = new File(['jpeg'], 'dinner.jpg', { type: 'image/jpeg' });

/** The next upload, settled by the test. */
function controllableUpload() {
  const control = {
    progress: (_: UploadProgress) => {},
    resolve: (_: { url: string; path: string }) => {},
    reject: (_: unknown) => {},
  };
  vi.mocked(uploadFile).mockImplementationOnce((_path, _blob, onProgress = () => {}) => {
    control.progress = onProgress;
    const done = new Promise<{ url: string; path: string }>((resolve, reject) => {
      control.resolve = resolve;
      control.reject = reject;
    });
    return { pause: () => true, resume: () => true, cancel: () => true, done } as UploadHandle;
  });
  return control;
}

function renderUpload() {
  return renderApp(
    <>
      <MealProofUpload
        challenge={challenge}
        dayNumber={1}
        slot="dinner"
        enabled
        mealLabel="Day 1 dinner"
      />
      <Link to="/feed">Feed</Link>
    </>,
    {
      user: memberFixture,
      path: '/challange/green-week',
      routes: [{ path: '/feed', element: <h1>Feed screen</h1> }],
    },
  );
}

async function choosePhoto() {
  await userEvent.upload(screen.getByLabelText('Proof photo for Day 1 dinner'), photo);
}

beforeEach(() => vi.clearAllMocks());

it('offers the gallery and the camera: any image, no forced capture', () => {
  renderUpload();
  const input = screen.getByLabelText('Proof photo for Day 1 dinner');
  expect(input).toHaveAttribute('accept', 'image/*');
  expect(input).not.toHaveAttribute('capture');
});

describe('a failed upload says why', () => {
  const CONNECTION =
    'The connection dropped and the upload gave up. Check your internet connection, then retry.';
  it.each([
    [
      'storage/unauthorized',
      'The photo was refused: it must be a JPEG, PNG or WebP image within the size limit, uploaded to your own meal or profile. Choose another photo.',
      false,
    ],
    ['storage/unauthenticated', 'Your session has ended. Log in again, then retry.', false],
    ['storage/retry-limit-exceeded', CONNECTION, true],
    ['storage/server-file-wrong-size', CONNECTION, true],
    ['storage/invalid-checksum', 'The photo arrived damaged. Retry the upload.', true],
    [
      'storage/quota-exceeded',
      'Photo storage is full for now. Try again later, or tell us from the Contact page.',
      true,
    ],
    [
      'storage/cannot-slice-blob',
      'The photo changed on your device while uploading. Choose it again.',
      false,
    ],
    ['storage/unknown', 'The upload failed for an unknown reason. Retry in a moment.', true],
    ['storage/internal-error', 'The upload failed for an unknown reason. Retry in a moment.', true],
  ])('%s', async (code, reason, retryable) => {
    const upload = controllableUpload();
    renderUpload();
    await choosePhoto();
    await act(async () => upload.reject(Object.assign(new Error('refused'), { code })));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`Error uploading image. ${reason}`);
    expect(toastErrorWithReason).toHaveBeenCalledWith('Error uploading image', reason);
    expect(screen.queryByRole('button', { name: 'Retry upload' }) !== null).toBe(retryable);
    expect(submitMealProof).not.toHaveBeenCalled();
  });

  it('a file the browser cannot read as a photo', async () => {
    vi.mocked(compressPhoto).mockRejectedValueOnce(new Error('The file given is not an image'));
    renderUpload();
    await choosePhoto();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This file could not be read as a photo. Choose a JPEG, PNG or WebP image.',
    );
    expect(uploadFile).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Retry upload' })).not.toBeInTheDocument();
  });

  it('a cancel is not an error', async () => {
    const upload = controllableUpload();
    renderUpload();
    await choosePhoto();
    await act(async () =>
      upload.reject(Object.assign(new Error('canceled'), { code: 'storage/canceled' })),
    );
    expect(await screen.findByLabelText('Proof photo for Day 1 dinner')).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(toastErrorWithReason).not.toHaveBeenCalled();
  });
});

it('retries the same photo after the connection dropped, then records it', async () => {
  const first = controllableUpload();
  renderUpload();
  await choosePhoto();
  await act(async () =>
    first.reject(Object.assign(new Error('gave up'), { code: 'storage/retry-limit-exceeded' })),
  );
  const second = controllableUpload();
  await userEvent.click(await screen.findByRole('button', { name: 'Retry upload' }));
  await waitFor(() => expect(uploadFile).toHaveBeenCalledTimes(2));
  expect(vi.mocked(uploadFile).mock.calls[1][1]).toBe(photo);
  const stored = { url: 'https://x.example/p.jpg', path: 'Challenge/p.jpg' };
  await act(async () => second.resolve(stored));
  await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Meal check successfully'));
  expect(submitMealProof).toHaveBeenCalledWith(challenge, 1, 'dinner');
});

it('"Choose another photo" brings the picker back', async () => {
  const upload = controllableUpload();
  renderUpload();
  await choosePhoto();
  await act(async () =>
    upload.reject(Object.assign(new Error('refused'), { code: 'storage/unauthorized' })),
  );
  await userEvent.click(await screen.findByRole('button', { name: 'Choose another photo' }));
  expect(screen.getByLabelText('Proof photo for Day 1 dinner')).toBeEnabled();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

it('says so while the browser is offline during an upload', async () => {
  controllableUpload();
  renderUpload();
  await choosePhoto();
  await screen.findByRole('group', { name: 'Upload of Day 1 dinner proof' });
  expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument();
  const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  try {
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByRole('status')).toHaveTextContent(
      'You are offline. The upload resumes when the connection is back',
    );
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument();
  } finally {
    onLine.mockRestore();
  }
});

describe('leaving while an upload runs', () => {
  const unloadIsHeld = () => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  };

  it('the browser asks before closing or reloading the tab, only while uploading', async () => {
    const upload = controllableUpload();
    renderUpload();
    expect(unloadIsHeld()).toBe(false);
    await choosePhoto();
    await screen.findByRole('progressbar', { name: 'Upload of Day 1 dinner proof' });
    expect(unloadIsHeld()).toBe(true);
    await act(async () => upload.resolve({ url: 'https://x.example/p.jpg', path: 'p' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Meal check successfully'));
    expect(unloadIsHeld()).toBe(false);
  });

  it('the app asks before navigating away: staying keeps the upload, leaving goes', async () => {
    controllableUpload();
    const { router } = renderUpload();
    await choosePhoto();
    await screen.findByRole('progressbar', { name: 'Upload of Day 1 dinner proof' });

    vi.mocked(confirmAction).mockResolvedValueOnce(false);
    fireEvent.click(screen.getByRole('link', { name: 'Feed' }));
    await waitFor(() => expect(confirmAction).toHaveBeenCalledTimes(1));
    expect(vi.mocked(confirmAction).mock.calls[0][0]).toMatchObject({
      title: 'An upload is running',
      confirmButtonText: 'Leave and cancel it',
      cancelButtonText: 'Stay',
    });
    // "Stay": the page and its upload stay; the next click asks again (below).
    await act(async () => {});
    expect(router.state.location.pathname).toBe('/challange/green-week');
    expect(
      screen.getByRole('progressbar', { name: 'Upload of Day 1 dinner proof' }),
    ).toBeInTheDocument();

    vi.mocked(confirmAction).mockResolvedValueOnce(true);
    fireEvent.click(screen.getByRole('link', { name: 'Feed' }));
    expect(await screen.findByRole('heading', { name: 'Feed screen' })).toBeInTheDocument();
    expect(confirmAction).toHaveBeenCalledTimes(2);
  });

  it('navigates freely when no upload runs', async () => {
    const { router } = renderUpload();
    fireEvent.click(screen.getByRole('link', { name: 'Feed' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/feed'));
    expect(confirmAction).not.toHaveBeenCalled();
  });
});
