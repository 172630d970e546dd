import {
  connectStorageEmulator,
  getDownloadURL,
  getStorage,
  ref,
  uploadBytesResumable,
  type FirebaseStorage,
} from 'firebase/storage';
import { sessionApp } from '@/services/auth';
import { emulators } from '@/services/firebase-config';

let storageInstance: FirebaseStorage | undefined;

function storage(): FirebaseStorage {
  if (!storageInstance) {
    storageInstance = getStorage(sessionApp());
    // The SDK keeps retrying a dropped upload for 10 minutes by default; after two the member is told the
    // connection is gone and offered a retry (src/lib/error-messages.ts) rather than left watching 0 %.
    storageInstance.maxUploadRetryTime = 2 * 60_000;
    if (emulators) connectStorageEmulator(storageInstance, emulators.host, emulators.storagePort);
  }
  return storageInstance;
}

export type UploadState = 'running' | 'paused' | 'success' | 'canceled' | 'error';

export interface UploadProgress {
  state: UploadState;
  bytesTransferred: number;
  totalBytes: number;
}

export interface UploadHandle {
  pause(): boolean;
  resume(): boolean;
  cancel(): boolean;
  /** Resolves with the download URL once stored; rejects with code 'storage/canceled' on cancel. */
  done: Promise<{ url: string; path: string }>;
}

export function uploadFile(
  path: string,
  file: Blob,
  onProgress: (progress: UploadProgress) => void = () => {},
): UploadHandle {
  const task = uploadBytesResumable(ref(storage(), path), file, {
    contentType: file.type || 'image/jpeg',
  });
  const done = new Promise<{ url: string; path: string }>((resolve, reject) => {
    task.on(
      'state_changed',
      (snapshot) =>
        onProgress({
          state: snapshot.state as UploadState,
          bytesTransferred: snapshot.bytesTransferred,
          totalBytes: snapshot.totalBytes,
        }),
      reject,
      () => {
        onProgress({ state: 'success', bytesTransferred: file.size, totalBytes: file.size });
        getDownloadURL(task.snapshot.ref).then((url) => resolve({ url, path }), reject);
      },
    );
  });
  return {
    pause: () => task.pause(),
    resume: () => task.resume(),
    cancel: () => task.cancel(),
    done,
  };
}

/** The download URL of the object at `path`, or null when there is none (or it may not be read). */
export async function storedFileUrl(path: string): Promise<string | null> {
  try {
    return await getDownloadURL(ref(storage(), path));
  } catch {
    return null;
  }
}

export function isCanceledUpload(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: string }).code === 'storage/canceled'
  );
}
