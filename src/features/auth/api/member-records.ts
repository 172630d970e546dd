import { format } from 'date-fns';
import type { SessionUser } from '@/services/auth';
import { readValue, SERVER_TIME, writePaths } from '@/services/database';
import { dbPaths } from '@/domain/database-paths';

/**
 * First sign-in only: creates the member's public info and private records
 * (docs/product.md#states-and-transitions). Later sign-ins leave them alone so edits and joinAt survive.
 */
export async function ensureMemberRecords(user: SessionUser, now = new Date()): Promise<void> {
  const existing = await readValue<{ uid: string }>(dbPaths.userInfo(user.uid));
  if (existing) return;
  const displayName = user.displayName ?? user.email?.split('@')[0] ?? 'Member';
  await writePaths({
    [dbPaths.userInfo(user.uid)]: {
      uid: user.uid,
      displayName,
      photoURL: user.photoURL ?? '',
      joinAt: format(now, 'yyyy-MM-dd HH:mm:ss'),
      createdAt: SERVER_TIME,
    },
    [dbPaths.userPrivate(user.uid)]: {
      email: user.email ?? '',
      emailVerified: user.emailVerified,
    },
  });
}
