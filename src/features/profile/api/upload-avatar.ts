import { compressPhoto } from '@/lib/compress-photo';
import { writePaths } from '@/services/database';
import { dbPaths } from '@domain/data/database-paths';
import { storagePaths } from '@domain/data/storage-paths';
import { refreshMemberCopies } from './refresh-member-copies';

/** Avatars are shown small; 512 px keeps them sharp on high-density screens. */
const AVATAR_MAX_PIXELS = 512;

/**
 * Compresses the photo, uploads it to the member's avatar path, points info and the Auth profile at
 * it, then has the API copy it onto the member's feed cards and leaderboard rows.
 */
export async function uploadAvatar(
  uid: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<string> {
  const [compressed, { uploadFile }, { updateMemberProfile }] = await Promise.all([
    compressPhoto(file, AVATAR_MAX_PIXELS),
    import('@/services/storage'),
    import('@/services/auth'), // Not with the profile page: it renders before Auth loads.
  ]);
  const upload = uploadFile(
    storagePaths.avatar(uid),
    compressed,
    ({ bytesTransferred, totalBytes }) =>
      onProgress(totalBytes > 0 ? Math.round((bytesTransferred / totalBytes) * 100) : 0),
  );
  const { url } = await upload.done;
  await writePaths({ [`${dbPaths.userInfo(uid)}/photoURL`]: url });
  await updateMemberProfile({ photoURL: url });
  await refreshMemberCopies();
  return url;
}
