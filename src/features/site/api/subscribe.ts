import { z } from '@/domain/zod';
import { newKey, SERVER_TIME, writePaths } from '@/services/database';
import { dbPaths } from '@/domain/database-paths';
import { storableEmailField } from '@/domain/form-fields';

export const subscribeInputSchema = z.object({ email: storableEmailField() });

export type SubscribeInput = z.infer<typeof subscribeInputSchema>;

/** Pushes one website/subscribers entry; createdAt is the server's clock (docs/architecture.md#data-model-and-access). */
export function subscribe({ email }: SubscribeInput): Promise<void> {
  const key = newKey();
  return writePaths({ [`${dbPaths.subscribers}/${key}`]: { email, createdAt: SERVER_TIME } });
}
