import type { Bucket } from '@google-cloud/storage';
import { vi } from 'vitest';

/**
 * Stores `bytes` at `path` as if uploaded at `at` (as api-harness's uploadProofAt does for a stub):
 * the Storage emulator runs in this process and stamps timeCreated with the faked clock.
 */
export async function storePhotoAt(
  bucket: Bucket,
  path: string,
  bytes: Buffer,
  at: number,
  contentType = 'image/jpeg',
): Promise<void> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
  try {
    await bucket.file(path).save(bytes, { contentType, resumable: false });
  } finally {
    vi.useRealTimers();
  }
}
