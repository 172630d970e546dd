import { z } from '@domain/zod';
import { emailField } from '@domain/form-fields';
import { registerWithEmail } from '@/services/auth';
import { ensureMemberRecords } from './member-records';

export const registerInputSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(60, 'Name must be at most 60 characters'),
  email: emailField(),
  password: z
    .string()
    .min(1, 'Password is required')
    .min(6, 'Password must be at least 6 characters'),
});

export type RegisterInput = z.infer<typeof registerInputSchema>;

export async function register({ name, email, password }: RegisterInput) {
  const user = await registerWithEmail(name, email, password);
  return ensureMemberRecords(user);
}
