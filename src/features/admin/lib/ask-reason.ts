import { MODERATION_REASON_MAX_LENGTH } from '@domain/site/moderation-records';

export interface AskReasonOptions {
  title: string;
  text: string;
  confirmButtonText: string;
}

/**
 * Asks the admin to confirm a moderation action, with an optional reason the member will see;
 * resolves the trimmed reason, or null when the admin cancels.
 */
export async function askModerationReason(options: AskReasonOptions): Promise<string | null> {
  const { default: Swal } = await import('sweetalert2');
  const result = await Swal.fire({
    icon: 'warning',
    input: 'text',
    inputLabel: 'Reason (optional, the member sees it)',
    inputAttributes: { maxlength: String(MODERATION_REASON_MAX_LENGTH) },
    showCancelButton: true,
    cancelButtonText: 'Cancel',
    ...options,
  });
  return result.isConfirmed ? String(result.value ?? '').trim() : null;
}
