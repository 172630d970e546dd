import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toastErrorWithReason } from '@/lib/toast';
import { renderApp } from '@/testing/render-app';
import { login, loginWithGoogle } from '../api/login';
import { checkResetLink, requestPasswordReset, saveResetPassword } from '../api/password-reset';
import { register } from '../api/register';
import { ForgetPasswordPage } from './forget-password-page';
import { LoginPage } from './login-page';
import { RegisterPage } from './register-page';
import { SavePasswordPage } from './save-password-page';

// Every Auth error code a member can cause, shown with its reason (src/lib/error-messages.ts) on the page
// where it happens, under the product's toast title (docs/product.md#messages).

vi.mock('@/lib/toast', () => ({
  toastSuccess: vi.fn(),
  toastError: vi.fn(),
  toastErrorWithReason: vi.fn(),
  toastInfo: vi.fn(),
}));
// The real Google popup path unless a test asks for the Auth emulator's test-account dialog.
const google = vi.hoisted(() => ({ usesTestAccounts: false }));
vi.mock('@/services/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/services/auth')>()),
  get googleSignInUsesTestAccounts() {
    return google.usesTestAccounts;
  },
}));
vi.mock('../api/login', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/login')>()),
  login: vi.fn(),
  loginWithGoogle: vi.fn(),
}));
vi.mock('../api/register', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/register')>()),
  register: vi.fn(),
}));
vi.mock('../api/password-reset', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/password-reset')>()),
  requestPasswordReset: vi.fn(),
  saveResetPassword: vi.fn(),
  checkResetLink: vi.fn(),
}));

const rejection = (code: string) => Object.assign(new Error(`Firebase: (${code})`), { code });

const WRONG_CREDENTIALS = 'The email or password is wrong. Check both, or reset your password.';
const OFFLINE = 'Could not reach the server. Check your internet connection, then try again.';
const WEAK_PASSWORD = 'That password is too weak. Use at least 6 characters.';
const POPUP_CLOSED = 'The Google window closed before you signed in. Try again and finish there.';
const UNKNOWN = 'Something went wrong on our side. Try again in a moment.';

async function fillAndSubmit(fields: Record<string, string>, button: string) {
  for (const [label, value] of Object.entries(fields))
    await userEvent.type(screen.getByLabelText(label, { exact: true }), value);
  await userEvent.click(screen.getByRole('button', { name: button }));
}

async function expectReason(title: string, reason: string) {
  expect(await screen.findByRole('alert')).toHaveTextContent(reason);
  await waitFor(() => expect(toastErrorWithReason).toHaveBeenCalledWith(title, reason));
}

beforeEach(() => {
  vi.clearAllMocks();
  google.usesTestAccounts = false;
  localStorage.clear();
  vi.mocked(checkResetLink).mockResolvedValue('asha@example.com');
});

describe('Login: each sign-in failure says why', () => {
  it.each([
    ['auth/invalid-credential', WRONG_CREDENTIALS],
    ['auth/invalid-login-credentials', WRONG_CREDENTIALS],
    ['auth/wrong-password', WRONG_CREDENTIALS],
    ['auth/user-not-found', 'No account uses this email. Check it for typos, or register.'],
    ['auth/invalid-email', 'That email address is not valid. Check it for typos.'],
    [
      'auth/too-many-requests',
      'Too many attempts from this device. Wait a few minutes, then try again (or reset your password).',
    ],
    ['auth/network-request-failed', OFFLINE],
    ['auth/timeout', OFFLINE],
    ['auth/user-disabled', 'This account has been disabled. Write to us from the Contact page.'],
    ['auth/internal-error', UNKNOWN],
  ])('%s', async (code, reason) => {
    vi.mocked(login).mockRejectedValue(rejection(code));
    renderApp(<LoginPage />, { path: '/login' });
    await fillAndSubmit({ Email: 'asha@example.com', Password: 'secret-1' }, 'Login');
    await expectReason('Error signing in', reason);
  });

  it('an error without a code', async () => {
    vi.mocked(login).mockRejectedValue(new Error('boom'));
    renderApp(<LoginPage />, { path: '/login' });
    await fillAndSubmit({ Email: 'asha@example.com', Password: 'secret-1' }, 'Login');
    await expectReason('Error signing in', UNKNOWN);
  });

  it('the reason goes away when the member tries again', async () => {
    vi.mocked(login).mockRejectedValueOnce(rejection('auth/wrong-password'));
    vi.mocked(login).mockReturnValueOnce(new Promise(() => {}));
    renderApp(<LoginPage />, { path: '/login' });
    await fillAndSubmit({ Email: 'asha@example.com', Password: 'secret-1' }, 'Login');
    expect(await screen.findByRole('alert')).toHaveTextContent(WRONG_CREDENTIALS);
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });
});

describe('Register: each failure says why', () => {
  it.each([
    [
      'auth/email-already-in-use',
      'This email already has an account. Log in instead, or reset its password.',
    ],
    ['auth/weak-password', WEAK_PASSWORD],
    ['auth/password-does-not-meet-requirements', WEAK_PASSWORD],
    ['auth/network-request-failed', OFFLINE],
  ])('%s', async (code, reason) => {
    vi.mocked(register).mockRejectedValue(rejection(code));
    renderApp(<RegisterPage />, { path: '/register' });
    await fillAndSubmit(
      { Name: 'Asha', Email: 'asha@example.com', Password: 'secret-1' },
      'Register',
    );
    await expectReason('Error signing in', reason);
  });
});

describe('Google sign-in: each failure says why', () => {
  it.each([
    ['auth/popup-closed-by-user', POPUP_CLOSED],
    ['auth/cancelled-popup-request', POPUP_CLOSED],
    ['auth/user-cancelled', POPUP_CLOSED],
    [
      'auth/popup-blocked',
      'Your browser blocked the Google window. Allow pop-ups for this site, then try again.',
    ],
    [
      'auth/account-exists-with-different-credential',
      'This email already has an account with another sign-in method. Log in the way you signed up.',
    ],
  ])('%s', async (code, reason) => {
    vi.mocked(loginWithGoogle).mockRejectedValue(rejection(code));
    renderApp(<LoginPage />, { path: '/login' });
    await userEvent.click(screen.getByRole('button', { name: 'Login with Google' }));
    await expectReason('Error signing in', reason);
  });
});

it('a failed Google test-account sign-in closes its dialog so the reason is seen', async () => {
  google.usesTestAccounts = true;
  vi.mocked(loginWithGoogle).mockRejectedValue(rejection('auth/user-disabled'));
  renderApp(<LoginPage />, { path: '/login' });
  await userEvent.click(screen.getByRole('button', { name: 'Login with Google' }));
  const dialog = await screen.findByRole('dialog', { name: 'Google account (Auth emulator)' });
  await userEvent.type(within(dialog).getByLabelText('Google email'), 'gita@example.com');
  await userEvent.type(within(dialog).getByLabelText('Display name'), 'Gita');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Sign in with Google.com' }));
  await expectReason(
    'Error signing in',
    'This account has been disabled. Write to us from the Contact page.',
  );
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

describe('Password reset: each failure says why', () => {
  it.each([
    ['auth/user-not-found', 'No account uses this email. Check it for typos, or register.'],
    ['auth/invalid-email', 'That email address is not valid. Check it for typos.'],
    [
      'auth/too-many-requests',
      'Too many attempts from this device. Wait a few minutes, then try again (or reset your password).',
    ],
    ['auth/network-request-failed', OFFLINE],
  ])('requesting the email: %s', async (code, reason) => {
    vi.mocked(requestPasswordReset).mockRejectedValue(rejection(code));
    renderApp(<ForgetPasswordPage />, { path: '/forget-password' });
    await fillAndSubmit({ Email: 'asha@example.com' }, 'Send reset link');
    await expectReason('Error sending password reset email', reason);
  });

  it.each([
    [
      'auth/expired-action-code',
      'Invalid reset link or password',
      'This reset link has expired. Request a new one from Forget Password.',
    ],
    [
      'auth/invalid-action-code',
      'Invalid reset link or password',
      'This reset link is not valid or was already used. Request a new one from Forget Password.',
    ],
    ['auth/weak-password', 'Invalid reset link or password', WEAK_PASSWORD],
    [
      'auth/user-disabled',
      'Invalid reset link or password',
      'This account has been disabled. Write to us from the Contact page.',
    ],
    ['auth/network-request-failed', 'Error resetting password', OFFLINE],
  ])('saving the new password: %s', async (code, title, reason) => {
    vi.mocked(saveResetPassword).mockRejectedValue(rejection(code));
    renderApp(<SavePasswordPage />, { path: '/save-password?mode=resetPassword&oobCode=abc' });
    await fillAndSubmit({ 'New password': 'brand-new-1' }, 'Save password');
    await expectReason(title, reason);
  });

  it.each([
    [
      'auth/expired-action-code',
      'This reset link has expired. Request a new one from Forget Password.',
    ],
    [
      'auth/invalid-action-code',
      'This reset link is not valid or was already used. Request a new one from Forget Password.',
    ],
  ])('opening a dead link (%s) says so at once, and offers a new one', async (code, reason) => {
    vi.mocked(checkResetLink).mockRejectedValue(rejection(code));
    renderApp(<SavePasswordPage />, { path: '/save-password?mode=resetPassword&oobCode=old' });
    expect(await screen.findByRole('alert')).toHaveTextContent(reason);
    expect(screen.getByRole('button', { name: 'Save password' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/forget-password',
    );
  });

  it('a link that could not be checked (offline) can still be used', async () => {
    vi.mocked(checkResetLink).mockRejectedValue(rejection('auth/network-request-failed'));
    renderApp(<SavePasswordPage />, { path: '/save-password?mode=resetPassword&oobCode=abc' });
    expect(await screen.findByRole('alert')).toHaveTextContent(OFFLINE);
    expect(screen.getByRole('button', { name: 'Save password' })).toBeEnabled();
  });
});
