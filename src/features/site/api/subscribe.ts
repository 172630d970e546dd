import { z } from 'zod';
import { newKey, SERVER_TIME, writePaths } from '../../../services/database';
import { dbPaths } from '../../../services/paths';

const EMAIL_MAX = 254;

export const subscribeInputSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Email is required')
    .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters`)
    .pipe(z.email('Enter a valid email address')),
});

export type SubscribeInput = z.infer<typeof subscribeInputSchema>;

/** Pushes one website/subscribers entry; createdAt is the server's clock (DESIGN §3). */
export function subscribe({ email }: SubscribeInput): Promise<void> {
  const key = newKey(dbPaths.subscribers);
  return writePaths({ [`${dbPaths.subscribers}/${key}`]: { email, createdAt: SERVER_TIME } });
}
