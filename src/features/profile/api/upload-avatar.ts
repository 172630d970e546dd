import { updateMemberProfile } from '../../../services/auth';
import { writePaths } from '../../../services/database';
import { dbPaths, storagePaths } from '../../../services/paths';

/** SPEC §9: images are compressed at quality 0.4 before upload. */
const AVATAR_COMPRESSION = { initialQuality: 0.4, maxWidthOrHeight: 512, fileType: 'image/jpeg', useWebWorker: true };

/** Compresses the photo, uploads it to the member's avatar path, then points info and the Auth profile at it. */
export async function uploadAvatar(uid: string, file: File, onProgress: (percent: number) => void): Promise<string> {
  const [{ default: imageCompression }, { uploadFile }] = await Promise.all([
    import('browser-image-compression'),
    import('../../../services/storage'),
  ]);
  const compressed = await imageCompression(file, AVATAR_COMPRESSION);
  const upload = uploadFile(storagePaths.avatar(uid), compressed, ({ bytesTransferred, totalBytes }) =>
    onProgress(totalBytes > 0 ? Math.round((bytesTransferred / totalBytes) * 100) : 0),
  );
  const { url } = await upload.done;
  await writePaths({ [`${dbPaths.userInfo(uid)}/photoURL`]: url });
  await updateMemberProfile({ photoURL: url });
  return url;
}
