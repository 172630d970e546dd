import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '@/testing/render-app';
import { toastError, toastErrorWithReason, toastSuccess } from '@/lib/toast';
import { register } from '../api/register';
import { login } from '../api/login';
import { checkResetLink, requestPasswordReset, saveResetPassword } from '../api/password-reset';
import { ForgetPasswordPage } from './forget-password-page';
import { LoginPage } from './login-page';
import { RegisterPage } from './register-page';
import { SavePasswordPage } from './save-password-page';

vi.mock('@/lib/toast', () => ({
  toastSuccess: vi.fn(),
  toastError: vi.fn(),
  toastErrorWithReason: vi.fn(),
  toastInfo: vi.fn(),
}));
vi.mock('../api/register', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/register')>()),
  register: vi.fn(),
}));
vi.mock('../api/login', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/login')>()),
  login: vi.fn(),
  loginWithGoogle: vi.fn(),
}));
vi.mock('../api/password-reset', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/password-reset')>()),
  requestPasswordReset: vi.fn(),
  saveResetPassword: vi.fn(),
  checkResetLink: vi.fn(),
}));

const feedRoute = { path: '/feed', element: <h1>Feed screen</h1> };
const loginRoute = { path: '/login', element: <h1>Login screen</h1> };
const member = {
  uid: 'u1',
  email: 'a@b.co',
  displayName: 'A',
  photoURL: null,
  emailVerified: false,
  isAdmin: false,
};

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
  vi.mocked(checkResetLink).mockResolvedValue('asha@example.com');
});

describe('RegisterPage', () => {
  it('requires name, email and password and sends nothing until they are valid', async () => {
    renderApp(<RegisterPage />, { path: '/register' });
    expect(document.title).toBe('Register · ChallangeX');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(register).not.toHaveBeenCalled();
  });

  it('rejects a malformed email and a short password', async () => {
    renderApp(<RegisterPage />, { path: '/register' });
    await userEvent.type(screen.getByLabelText('Name'), 'Asha');
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Password'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(register).not.toHaveBeenCalled();
  });

  it('registers, stores the user, toasts and goes to the feed', async () => {
    vi.mocked(register).mockResolvedValue(member);
    const { router } = renderApp(<RegisterPage />, { path: '/register', routes: [feedRoute] });
    await userEvent.type(screen.getByLabelText('Name'), 'Asha');
    await userEvent.type(screen.getByLabelText('Email'), 'asha@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/feed'));
    expect(register).toHaveBeenCalledWith({
      name: 'Asha',
      email: 'asha@example.com',
      password: 'secret1',
    });
    expect(toastSuccess).toHaveBeenCalledWith('Signed in successfully');
  });

  it('tells the page it lands on that the account is new (the home welcomes, not welcomes back)', async () => {
    vi.mocked(register).mockResolvedValue({ ...member, isNewMember: true });
    const { router } = renderApp(<RegisterPage />, { path: '/register', routes: [feedRoute] });
    await userEvent.type(screen.getByLabelText('Name'), 'Asha');
    await userEvent.type(screen.getByLabelText('Email'), 'asha@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/feed'));
    expect(router.state.location.state).toEqual({ newMember: true });
  });
});

describe('LoginPage', () => {
  it('does not call a returning member new', async () => {
    vi.mocked(login).mockResolvedValue({ ...member, isNewMember: false });
    const { router } = renderApp(<LoginPage />, { path: '/login', routes: [feedRoute] });
    await userEvent.type(screen.getByLabelText('Email'), 'asha@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/feed'));
    expect(router.state.location.state).toBeNull();
  });

  it('shows "Error signing in" and stays put when sign-in fails', async () => {
    vi.mocked(login).mockRejectedValue(
      Object.assign(new Error('rejected'), { code: 'auth/wrong-password' }),
    );
    const { router } = renderApp(<LoginPage />, { path: '/login' });
    await userEvent.type(screen.getByLabelText('Email'), 'asha@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() =>
      expect(toastErrorWithReason).toHaveBeenCalledWith(
        'Error signing in',
        'The email or password is wrong. Check both, or reset your password.',
      ),
    );
    expect(router.state.location.pathname).toBe('/login');
  });

  it('brings the member back to the page the login address names', async () => {
    vi.mocked(login).mockResolvedValue(member);
    const challengeRoute = { path: '/challange/:slug/:ownerId/:id', element: <h1>Challenge</h1> };
    const { router } = renderApp(<LoginPage />, {
      path: '/login?next=%2Fchallange%2Flean-week%2Fu2%2Fc9',
      routes: [challengeRoute, feedRoute],
    });
    await userEvent.type(screen.getByLabelText('Email'), 'asha@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/challange/lean-week/u2/c9'));
  });

  it('goes to the feed, never to another site, when the login address names one', async () => {
    vi.mocked(login).mockResolvedValue(member);
    const { router } = renderApp(<LoginPage />, {
      path: '/login?next=%2F%5Cevil.example',
      routes: [feedRoute],
    });
    await userEvent.type(screen.getByLabelText('Email'), 'asha@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/feed'));
  });

  it('keeps the address to return to when the visitor switches to Register and back', () => {
    const { unmount } = renderApp(<LoginPage />, { path: '/login?next=%2Fprofile%2FAsha%2Fu2' });
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute(
      'href',
      '/register?next=%2Fprofile%2FAsha%2Fu2',
    );
    unmount();
    renderApp(<RegisterPage />, { path: '/register?next=%2Fprofile%2FAsha%2Fu2' });
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      '/login?next=%2Fprofile%2FAsha%2Fu2',
    );
  });

  it('links to Forgot Password and offers Google', () => {
    renderApp(<LoginPage />, { path: '/login' });
    expect(document.title).toBe('Login · ChallangeX');
    expect(screen.getByRole('link', { name: 'Forgot Password' })).toHaveAttribute(
      'href',
      '/forget-password',
    );
    expect(screen.getByRole('button', { name: 'Login with Google' })).toBeInTheDocument();
  });
});

describe('ForgetPasswordPage', () => {
  it('sends the reset email and confirms it', async () => {
    vi.mocked(requestPasswordReset).mockResolvedValue();
    renderApp(<ForgetPasswordPage />, { path: '/forget-password' });
    expect(document.title).toBe('Forget password · ChallangeX');
    await userEvent.type(screen.getByLabelText('Email'), '  asha@example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Password reset email sent'));
    expect(requestPasswordReset).toHaveBeenCalledTimes(1);
    expect(requestPasswordReset).toHaveBeenCalledWith({ email: 'asha@example.com' });
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('reports a failure to send', async () => {
    vi.mocked(requestPasswordReset).mockRejectedValue(new Error('network'));
    renderApp(<ForgetPasswordPage />, { path: '/forget-password' });
    await userEvent.type(screen.getByLabelText('Email'), 'asha@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() =>
      expect(toastErrorWithReason).toHaveBeenCalledWith(
        'Error sending password reset email',
        'Something went wrong on our side. Try again in a moment.',
      ),
    );
  });
});

describe('SavePasswordPage', () => {
  it('asks for a new password when it is empty', async () => {
    renderApp(<SavePasswordPage />, { path: '/save-password?oobCode=abc' });
    await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Please enter a new password'));
    expect(saveResetPassword).not.toHaveBeenCalled();
  });

  it('saves with the oobCode from the link and goes to login', async () => {
    vi.mocked(saveResetPassword).mockResolvedValue();
    const { router } = renderApp(<SavePasswordPage />, {
      path: '/save-password?oobCode=abc',
      routes: [loginRoute],
    });
    await userEvent.type(screen.getByLabelText('New password'), 'brand-new-1');
    await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(saveResetPassword).toHaveBeenCalledWith('abc', { password: 'brand-new-1' });
    expect(toastSuccess).toHaveBeenCalledWith('Password reset successful');
  });

  it('opens from the email link (mode=resetPassword and its continue URL) and is titled', async () => {
    vi.mocked(saveResetPassword).mockResolvedValue();
    renderApp(<SavePasswordPage />, {
      path: '/save-password?mode=resetPassword&oobCode=xyz&apiKey=k&continueUrl=https%3A%2F%2Fapp%2Flogin&lang=en',
      routes: [loginRoute],
    });
    expect(document.title).toBe('Save new password · ChallangeX');
    expect(await screen.findByText('asha@example.com')).toBeInTheDocument();
    expect(checkResetLink).toHaveBeenCalledWith('xyz');
    await userEvent.type(screen.getByLabelText('New password'), 'brand-new-1');
    await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
    await waitFor(() =>
      expect(saveResetPassword).toHaveBeenCalledWith('xyz', { password: 'brand-new-1' }),
    );
  });

  it('refuses a link for another action (the project action URL is shared by every template)', () => {
    renderApp(<SavePasswordPage />, { path: '/save-password?mode=verifyEmail&oobCode=xyz' });
    expect(screen.getByText(/This link is not a password reset link/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save password' })).toBeDisabled();
  });

  it('refuses to submit without a reset code', () => {
    renderApp(<SavePasswordPage />, { path: '/save-password' });
    expect(screen.getByRole('button', { name: 'Save password' })).toBeDisabled();
    expect(screen.getByText(/This link has no reset code/)).toBeInTheDocument();
  });

  it('says the link is invalid when the code is rejected', async () => {
    vi.mocked(saveResetPassword).mockRejectedValue(
      Object.assign(new Error('rejected'), { code: 'auth/invalid-action-code' }),
    );
    renderApp(<SavePasswordPage />, { path: '/save-password?oobCode=stale' });
    await userEvent.type(screen.getByLabelText('New password'), 'brand-new-1');
    await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
    await waitFor(() =>
      expect(toastErrorWithReason).toHaveBeenCalledWith(
        'Invalid reset link or password',
        'This reset link is not valid or was already used. Request a new one from Forget Password.',
      ),
    );
  });

  it('reports any other failure as an error resetting the password', async () => {
    vi.mocked(saveResetPassword).mockRejectedValue(
      Object.assign(new Error('offline'), { code: 'auth/network-request-failed' }),
    );
    renderApp(<SavePasswordPage />, { path: '/save-password?oobCode=good' });
    await userEvent.type(screen.getByLabelText('New password'), 'brand-new-1');
    await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
    await waitFor(() =>
      expect(toastErrorWithReason).toHaveBeenCalledWith(
        'Error resetting password',
        'Could not reach the server. Check your internet connection, then try again.',
      ),
    );
  });
});
