import { z } from '@domain/zod';
import { emailField } from '@domain/form-fields';
import { signInWithEmail, signInWithGoogle, type GoogleTestAccount } from '@/services/auth';
import { ensureMemberRecords } from './member-records';

export const loginInputSchema = z.object({
  email: emailField(),
  password: z.string().min(1, 'Password is required'),
});

export type LoginInput = z.infer<typeof loginInputSchema>;

export async function login({ email, password }: LoginInput) {
  const user = await signInWithEmail(email, password);
  return ensureMemberRecords(user);
}

export const googleTestAccountSchema = z.object({
  email: emailField(),
  displayName: z.string().trim().min(1, 'Display name is required').max(60),
});

export async function loginWithGoogle(testAccount?: GoogleTestAccount) {
  const user = await signInWithGoogle(testAccount);
  return ensureMemberRecords(user);
}
