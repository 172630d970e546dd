import { clearStored } from '@/lib/browser-storage';

/**
 * docs/product.md#states-and-transitions: logout clears browser storage (the caller then goes to login). Auth
 * is imported here, not with the account menu: the shell stays without the SDK (src/services/saved-session.ts).
 */
export async function logout(): Promise<void> {
  const { signOutMember } = await import('@/services/auth');
  await signOutMember();
  clearStored();
}
