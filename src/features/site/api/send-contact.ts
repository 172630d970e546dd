import { z } from '@domain/zod';
import { newKey, SERVER_TIME, writePaths } from '@/services/database';
import { dbPaths } from '@domain/data/database-paths';
import { EMAIL_MAX_LENGTH, storableEmailField } from '@domain/form-fields';

export const CONTACT_LIMITS = {
  name: 100,
  email: EMAIL_MAX_LENGTH,
  reason: 100,
  message: 2000,
} as const;

export const CONTACT_REASONS = [
  'General question',
  'Feedback',
  'Report a problem',
  'Partnership',
] as const;

/** docs/product.md#validation: name required, email required and valid; reason and message optional. */
export const contactInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(CONTACT_LIMITS.name, `Name must be at most ${CONTACT_LIMITS.name} characters`),
  email: storableEmailField(),
  reason: z.string().trim().max(CONTACT_LIMITS.reason),
  message: z
    .string()
    .trim()
    .max(CONTACT_LIMITS.message, `Message must be at most ${CONTACT_LIMITS.message} characters`),
});

export type ContactInput = z.infer<typeof contactInputSchema>;

/** The update that adds one website/contact entry under `key`; createdAt is the server's clock (docs/architecture.md#data-model-and-access). */
export function contactMessageWrites(key: string, input: ContactInput) {
  return { [`${dbPaths.contactMessages}/${key}`]: { ...input, createdAt: SERVER_TIME } };
}

export function sendContactMessage(input: ContactInput): Promise<void> {
  return writePaths(contactMessageWrites(newKey(), input));
}
