import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toastError, toastSuccess } from '@/lib/toast';
import { memberFixture, renderApp } from '@/testing/render-app';
import { uploadAvatar } from '../api/upload-avatar';
import { AvatarUploader } from './avatar-uploader';

vi.mock('@/lib/toast', () => ({
  toastSuccess: vi.fn(),
  toastError: vi.fn(),
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

  it('reports a failed upload with the product’s error toast', async () => {
    vi.mocked(uploadAvatar).mockRejectedValue(new Error('storage/unauthorized'));
    renderApp(<AvatarUploader uid={memberFixture.uid} />, { user: memberFixture });
    await userEvent.upload(screen.getByLabelText('Profile photo file'), photo);
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Profile photo upload failed'));
    expect(toastSuccess).not.toHaveBeenCalled();
  });
});
