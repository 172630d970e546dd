import { clearStored } from '@/lib/browser-storage';
import { signOutMember } from '@/services/auth';

/** docs/product.md#states-and-transitions: logout clears browser storage (the caller then goes to login). */
export async function logout(): Promise<void> {
  await signOutMember();
  clearStored();
}
