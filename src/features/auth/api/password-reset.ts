import { z } from '@domain/zod';
import { emailField } from '@domain/form-fields';
import { errorCode } from '@/lib/error-messages';
import { resetCodeEmail, saveNewPassword, sendResetEmail } from '@/services/auth';

export const forgetPasswordInputSchema = z.object({
  email: emailField(),
});

export type ForgetPasswordInput = z.infer<typeof forgetPasswordInputSchema>;

export function requestPasswordReset({ email }: ForgetPasswordInput) {
  return sendResetEmail(email);
}

export const savePasswordInputSchema = z.object({
  password: z
    .string()
    .min(1, 'Please enter a new password')
    .min(6, 'Password must be at least 6 characters'),
});

export type SavePasswordInput = z.infer<typeof savePasswordInputSchema>;

/** Checks a reset link's code before the member types: resolves with the account's email. */
export function checkResetLink(oobCode: string): Promise<string> {
  return resetCodeEmail(oobCode);
}

export function saveResetPassword(oobCode: string, { password }: SavePasswordInput) {
  return saveNewPassword(oobCode, password);
}

const INVALID_LINK_OR_PASSWORD = new Set([
  'auth/invalid-action-code',
  'auth/expired-action-code',
  'auth/user-disabled',
  'auth/user-not-found',
  'auth/weak-password',
  'auth/password-does-not-meet-requirements',
]);

/** A link that can never work (expired, used, unknown): only a new one helps. */
export function isDeadResetLink(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'auth/invalid-action-code' || code === 'auth/expired-action-code';
}

/**
 * The product's toast title for a failed reset (docs/product.md#messages): a bad link or password told apart
 * from any other failure (e.g. the network); src/lib/error-messages.ts says why.
 */
export function resetFailureTitle(error: unknown): string {
  const code = errorCode(error);
  return code && INVALID_LINK_OR_PASSWORD.has(code)
    ? 'Invalid reset link or password'
    : 'Error resetting password';
}
