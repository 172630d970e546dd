import { STORAGE_DOWNLOAD_ORIGIN, type PhotoSources } from '@domain/members/member-identity';

/**
 * Where member photos may come from: the bucket's download URLs, and with a local Storage emulator
 * (its port) that emulator's, as browsers name it. The API and the team bonus job use the same.
 */
export function bucketPhotoSources(bucket: string, storageEmulatorPort?: string): PhotoSources {
  return {
    bucket,
    storageOrigins: storageEmulatorPort
      ? [
          STORAGE_DOWNLOAD_ORIGIN,
          `http://127.0.0.1:${storageEmulatorPort}`,
          `http://localhost:${storageEmulatorPort}`,
        ]
      : undefined,
  };
}
