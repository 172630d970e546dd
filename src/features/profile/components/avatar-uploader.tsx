import { useId, useRef, useState } from 'react';
import { UploadLeaveGuard } from '@/components/upload-leave-guard';
import { storageErrorReason } from '@/lib/error-messages';
import { toastErrorWithReason, toastSuccess } from '@/lib/toast';
import { uploadAvatar } from '../api/upload-avatar';

/** The owner's photo upload button: compress, upload with progress, then toast (docs/product.md#messages). */
export function AvatarUploader({ uid }: { uid: string }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const onChoose = async (file: File | undefined) => {
    if (!file) return;
    setProgress(0);
    try {
      await uploadAvatar(uid, file, setProgress);
      toastSuccess('Profile photo uploaded successfully');
    } catch (error) {
      toastErrorWithReason('Profile photo upload failed', storageErrorReason(error));
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  const uploading = progress !== null;
  return (
    <div className="mt-2 w-100">
      {uploading && <UploadLeaveGuard />}
      <input
        ref={input}
        id={inputId}
        type="file"
        accept="image/*"
        className="d-none"
        aria-label="Profile photo file"
        disabled={uploading}
        onChange={(event) => void onChoose(event.target.files?.[0])}
      />
      <button
        type="button"
        className="btn btn-outline-success btn-sm"
        disabled={uploading}
        onClick={() => input.current?.click()}
      >
        {uploading ? 'Uploading…' : 'Upload photo'}
      </button>
      {uploading && (
        // Plain Bootstrap markup: react-bootstrap puts aria-label on the wrapper, leaving the progressbar unnamed.
        <div className="progress mt-2">
          <div
            className="progress-bar bg-success"
            role="progressbar"
            aria-label="Profile photo upload progress"
            aria-valuenow={progress}
            aria-valuemin={0}
            aria-valuemax={100}
            style={{ width: `${progress}%` }}
          >
            {progress}%
          </div>
        </div>
      )}
    </div>
  );
}
