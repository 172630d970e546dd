import { z } from '@domain/zod';
import { newKey, SERVER_TIME, writePaths } from '@/services/database';
import { dbPaths } from '@domain/data/database-paths';
import { storableEmailField } from '@domain/form-fields';

export const subscribeInputSchema = z.object({ email: storableEmailField() });

export type SubscribeInput = z.infer<typeof subscribeInputSchema>;

/** The update that adds one website/subscribers entry under `key`; createdAt is the server's clock (docs/architecture.md#data-model-and-access). */
export function subscriptionWrites(key: string, { email }: SubscribeInput) {
  return { [`${dbPaths.subscribers}/${key}`]: { email, createdAt: SERVER_TIME } };
}

export function subscribe(input: SubscribeInput): Promise<void> {
  return writePaths(subscriptionWrites(newKey(), input));
}
