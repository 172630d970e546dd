/**
 * Toasts per docs/product.md#constants-and-limits: sweetalert2, top-end, 2.5 s by default. sweetalert2 is
 * loaded on first use so it stays out of the first page's JavaScript.
 */
export const TOAST_DEFAULT_MS = 2500;
export const TOAST_LIMIT_ERROR_MS = 5000;
export const TOAST_SAVED_MS = 1500;
/** An error that also says why (and what to do) needs longer to read than its title alone. */
export const TOAST_REASON_MS = 5000;

type ToastIcon = 'success' | 'error' | 'info' | 'warning';

export async function showToast(
  icon: ToastIcon,
  title: string,
  timer = TOAST_DEFAULT_MS,
  text?: string,
): Promise<void> {
  const { default: Swal } = await import('sweetalert2');
  await Swal.fire({
    toast: true,
    position: 'top-end',
    icon,
    title,
    text,
    timer,
    timerProgressBar: true,
    showConfirmButton: false,
  });
}

export const toastSuccess = (title: string, timer?: number) =>
  void showToast('success', title, timer);
export const toastError = (title: string, timer?: number) => void showToast('error', title, timer);
/** The product's error toast as its title, and why it happened as its text (src/lib/error-messages.ts). */
export const toastErrorWithReason = (title: string, reason: string) =>
  void showToast('error', title, TOAST_REASON_MS, reason);
export const toastInfo = (title: string, timer?: number) => void showToast('info', title, timer);

export interface ConfirmOptions {
  title: string;
  text: string;
  confirmButtonText: string;
  cancelButtonText: string;
}

/** A modal yes/no question; resolves true when confirmed. */
export async function confirmAction(options: ConfirmOptions): Promise<boolean> {
  const { default: Swal } = await import('sweetalert2');
  const result = await Swal.fire({
    icon: 'warning',
    showCancelButton: true,
    focusCancel: true,
    ...options,
  });
  return result.isConfirmed;
}
