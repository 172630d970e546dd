import { clearMemberData } from '@/lib/device-storage';
import { forgetLogout, noteLogout } from '@/lib/return-address';

/**
 * docs/product.md#states-and-transitions: logout clears what the member left in the browser (the caller then
 * goes to login); the session provider does the same for any other end of a session. Auth is imported here,
 * not with the account menu: the shell stays without the SDK (src/services/saved-session.ts). Noted first, so
 * that the login guard of the page being left sends to a plain login, carrying no page (src/lib/return-address.ts).
 */
export async function logout(uid: string): Promise<void> {
  noteLogout(uid);
  // This device's meal reminders end with the session; best effort, a few seconds at most (never throws).
  await import('@/services/web-push')
    .then((push) => push.removeThisDeviceOnSignOut())
    .catch(() => undefined);
  try {
    const { signOutMember } = await import('@/services/auth');
    await signOutMember();
  } catch (error) {
    forgetLogout();
    throw error;
  }
  clearMemberData();
}
