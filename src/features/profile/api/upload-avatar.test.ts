import imageCompression from 'browser-image-compression';
import { updateMemberProfile } from '@/services/auth';
import type { UploadProgress } from '@/services/storage';
import { uploadFile } from '@/services/storage';
import { resetFakeDatabase, valueAt, writeLog } from '@/testing/fake-database';
import { refreshMemberCopies } from './refresh-member-copies';
import { uploadAvatar } from './upload-avatar';

// Only the edges are replaced: Storage and Auth (and the image library, which needs a real canvas and
// worker); the database is the test fake, so the write is checked where it lands.
vi.mock('@/services/database', () => import('@/testing/fake-database'));
vi.mock('@/services/storage', () => ({ uploadFile: vi.fn() }));
vi.mock('@/services/auth', () => ({ updateMemberProfile: vi.fn() }));
vi.mock('browser-image-compression', () => ({ default: vi.fn() }));
// The API call is proved over HTTP in tests/api/identity.test.ts; here only its place in the order.
vi.mock('./refresh-member-copies', () => ({ refreshMemberCopies: vi.fn() }));

const UID = 'u-asha';
const STORED_URL = 'https://firebasestorage.googleapis.com/v0/b/demo/o/avatar?alt=media&token=t';
const events: string[] = [];

/** An upload that reports the given progress, then finishes once `finish` is called. */
function givenUpload(progress: Array<Pick<UploadProgress, 'bytesTransferred' | 'totalBytes'>>) {
  let finish!: () => void;
  vi.mocked(uploadFile).mockImplementation((path, _file, onProgress = () => {}) => {
    events.push(`upload ${path}`);
    for (const step of progress) onProgress({ state: 'running', ...step } as UploadProgress);
    const done = new Promise<{ url: string; path: string }>((resolve) => {
      finish = () => {
        events.push('upload done');
        resolve({ url: STORED_URL, path });
      };
    });
    return { pause: () => true, resume: () => true, cancel: () => true, done };
  });
  return () => finish();
}

beforeEach(() => {
  vi.clearAllMocks();
  events.length = 0;
  resetFakeDatabase({
    users: { [UID]: { info: { uid: UID, displayName: 'Asha', photoURL: '' } } },
  });
  vi.mocked(imageCompression).mockImplementation(async () => {
    events.push('compressed');
    return new File(['jpeg'], 'avatar.jpg', { type: 'image/jpeg' });
  });
  vi.mocked(updateMemberProfile).mockImplementation(async () => {
    events.push(writeLog.length === 1 ? 'auth profile, after info' : 'auth profile, before info');
  });
  vi.mocked(refreshMemberCopies).mockImplementation(async () => {
    events.push('copies refreshed');
  });
});

describe('uploadAvatar', () => {
  it('compresses to a 512 px JPEG at quality 0.4 and uploads that, not the original', async () => {
    const finish = givenUpload([]);
    const compressed = new File(['jpeg'], 'avatar.jpg', { type: 'image/jpeg' });
    vi.mocked(imageCompression).mockResolvedValue(compressed);
    const original = new File(['x'.repeat(5000)], 'me.png', { type: 'image/png' });
    const uploaded = uploadAvatar(UID, original, () => {});
    await vi.waitFor(() => expect(uploadFile).toHaveBeenCalled());
    finish();
    await uploaded;

    expect(imageCompression).toHaveBeenCalledWith(
      original,
      expect.objectContaining({
        maxWidthOrHeight: 512,
        initialQuality: 0.4,
        fileType: 'image/jpeg',
      }),
    );
    const [path, sent] = vi.mocked(uploadFile).mock.calls[0]!;
    expect(path).toBe(`Challenge/${UID}/profile/avtar.jpg`);
    // The very file the compressor returned: not the original, nor a copy of it relabelled as a JPEG.
    expect(sent).toBe(compressed);
  });

  it('reports progress in whole percent', async () => {
    const finish = givenUpload([
      { bytesTransferred: 0, totalBytes: 0 },
      { bytesTransferred: 50, totalBytes: 200 },
      { bytesTransferred: 133, totalBytes: 200 },
      { bytesTransferred: 200, totalBytes: 200 },
    ]);
    const seen: number[] = [];
    const uploaded = uploadAvatar(UID, new File(['x'], 'me.jpg'), (percent) => seen.push(percent));
    await vi.waitFor(() => expect(uploadFile).toHaveBeenCalled());
    finish();
    await uploaded;
    expect(seen).toEqual([0, 25, 67, 100]);
  });

  it('points info, the Auth profile and then the copies at the stored photo, only after the upload is done', async () => {
    const finish = givenUpload([]);
    const uploaded = uploadAvatar(UID, new File(['x'], 'me.jpg'), () => {});
    await vi.waitFor(() => expect(uploadFile).toHaveBeenCalled());
    expect(writeLog).toHaveLength(0);
    expect(updateMemberProfile).not.toHaveBeenCalled();
    expect(refreshMemberCopies).not.toHaveBeenCalled();

    finish();
    await expect(uploaded).resolves.toBe(STORED_URL);
    expect(valueAt(`users/${UID}/info/photoURL`)).toBe(STORED_URL);
    expect(writeLog).toEqual([{ [`users/${UID}/info/photoURL`]: STORED_URL }]);
    expect(updateMemberProfile).toHaveBeenCalledWith({ photoURL: STORED_URL });
    expect(events).toEqual([
      'compressed',
      `upload Challenge/${UID}/profile/avtar.jpg`,
      'upload done',
      'auth profile, after info',
      'copies refreshed',
    ]);
  });
});
