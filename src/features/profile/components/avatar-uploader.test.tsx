import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toastErrorWithReason, toastSuccess } from '@/lib/toast';
import { memberFixture, renderApp } from '@/testing/render-app';
import { uploadAvatar } from '../api/upload-avatar';
import { AvatarUploader } from './avatar-uploader';

vi.mock('@/lib/toast', () => ({
  toastSuccess: vi.fn(),
  toastError: vi.fn(),
  toastErrorWithReason: vi.fn(),
  toastInfo: vi.fn(),
}));
vi.mock('../api/upload-avatar', () => ({ uploadAvatar: vi.fn() }));

const photo = new File(['pixels'], 'me.png', { type: 'image/png' });

beforeEach(() => vi.clearAllMocks());

describe('AvatarUploader', () => {
  it('shows progress while uploading, then the product’s success toast', async () => {
    let finish!: (url: string) => void;
    vi.mocked(uploadAvatar).mockImplementation((_uid, _file, onProgress) => {
      onProgress(40);
      return new Promise((resolve) => (finish = resolve));
    });
    renderApp(<AvatarUploader uid={memberFixture.uid} />, { user: memberFixture });
    await userEvent.upload(screen.getByLabelText('Profile photo file'), photo);
    expect(uploadAvatar).toHaveBeenCalledWith(memberFixture.uid, photo, expect.any(Function));
    expect(
      await screen.findByRole('progressbar', { name: 'Profile photo upload progress' }),
    ).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByRole('button', { name: 'Uploading…' })).toBeDisabled();
    finish('https://example.com/a.jpg');
    await waitFor(() =>
      expect(toastSuccess).toHaveBeenCalledWith('Profile photo uploaded successfully'),
    );
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload photo' })).toBeEnabled();
  });

  it.each([
    [
      'storage/unauthorized',
      'The photo was refused: it must be a JPEG, PNG or WebP image within the size limit, uploaded to your own meal or profile. Choose another photo.',
    ],
    [
      'storage/retry-limit-exceeded',
      'The connection dropped and the upload gave up. Check your internet connection, then retry.',
    ],
    [
      'storage/quota-exceeded',
      'Photo storage is full for now. Try again later, or tell us from the Contact page.',
    ],
  ])('reports %s with the product’s error toast and why', async (code, reason) => {
    vi.mocked(uploadAvatar).mockRejectedValue(Object.assign(new Error('refused'), { code }));
    renderApp(<AvatarUploader uid={memberFixture.uid} />, { user: memberFixture });
    await userEvent.upload(screen.getByLabelText('Profile photo file'), photo);
    await waitFor(() =>
      expect(toastErrorWithReason).toHaveBeenCalledWith('Profile photo upload failed', reason),
    );
    expect(toastSuccess).not.toHaveBeenCalled();
  });
});
