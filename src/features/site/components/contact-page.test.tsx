import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toastError, toastSuccess } from '@/lib/toast';
import {
  failNextWrite,
  holdNextWrite,
  resetFakeDatabase,
  SERVER_TIME,
  valueAt,
  writeLog,
} from '@/testing/fake-database';
import { memberFixture, renderApp } from '@/testing/render-app';
import { ContactPage } from './contact-page';

vi.mock('@/services/database', () => import('@/testing/fake-database'));
vi.mock('@/lib/toast', () => ({
  toastSuccess: vi.fn(),
  toastError: vi.fn(),
  toastInfo: vi.fn(),
}));

const sendNow = () => screen.getByRole('button', { name: 'Send Now' });

beforeEach(() => {
  vi.clearAllMocks();
  resetFakeDatabase();
});

describe('ContactPage', () => {
  it('keeps Send Now disabled until the name is filled and the email is valid', async () => {
    renderApp(<ContactPage />, { path: '/contact' });
    expect(document.title).toBe('Contact · ChallangeX');
    expect(sendNow()).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Name'), 'Ravi');
    await userEvent.type(screen.getByLabelText('Email'), 'ravi@');
    await userEvent.tab();
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(sendNow()).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Email'), 'example.com');
    await waitFor(() => expect(sendNow()).toBeEnabled());
    await userEvent.clear(screen.getByLabelText('Name'));
    await waitFor(() => expect(sendNow()).toBeDisabled());
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(writeLog).toHaveLength(0);
  });

  it('takes at most 254 characters of email, and names the limit for a longer prefilled one', async () => {
    const at = (length: number) => 'a'.repeat(length - '@example.com'.length) + '@example.com';
    const { unmount } = renderApp(<ContactPage />, { path: '/contact' });
    await userEvent.type(screen.getByLabelText('Name'), 'Ravi');
    await userEvent.click(screen.getByLabelText('Email'));
    await userEvent.paste(at(255));
    expect(screen.getByLabelText('Email')).toHaveValue(at(255).slice(0, 254));
    unmount();

    // A session address longer than the rules allow is prefilled as it is, and refused with the limit.
    renderApp(<ContactPage />, { path: '/contact', user: { ...memberFixture, email: at(255) } });
    await userEvent.click(screen.getByLabelText('Email'));
    await userEvent.tab();
    expect(await screen.findByText('Email must be at most 254 characters')).toBeInTheDocument();
    expect(sendNow()).toBeDisabled();
    expect(writeLog).toHaveLength(0);
  });

  it('sends exactly one message with a server timestamp, toasts, and clears the message', async () => {
    renderApp(<ContactPage />, { path: '/contact' });
    await userEvent.type(screen.getByLabelText('Name'), 'Ravi');
    await userEvent.type(screen.getByLabelText('Email'), 'ravi@example.com');
    await userEvent.selectOptions(screen.getByLabelText('Reason (optional)'), 'Feedback');
    await userEvent.type(screen.getByLabelText('Message (optional)'), 'Love the meal plans.');
    await userEvent.click(sendNow());
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Message sent successfully'));
    expect(writeLog).toHaveLength(1);
    expect(Object.values(valueAt('website/contact') as object)).toEqual([
      {
        name: 'Ravi',
        email: 'ravi@example.com',
        reason: 'Feedback',
        message: 'Love the meal plans.',
        createdAt: SERVER_TIME,
      },
    ]);
    expect(screen.getByLabelText('Message (optional)')).toHaveValue('');
  });

  it('is disabled while sending, so a second click sends nothing', async () => {
    renderApp(<ContactPage />, { path: '/contact' });
    await userEvent.type(screen.getByLabelText('Name'), 'Ravi');
    await userEvent.type(screen.getByLabelText('Email'), 'ravi@example.com');
    const release = holdNextWrite();
    await userEvent.click(sendNow());
    const sending = await screen.findByRole('button', { name: 'Sending…' });
    expect(sending).toBeDisabled();
    await userEvent.click(sending);
    release();
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledTimes(1));
    expect(writeLog).toHaveLength(1);
  });

  it('prefills a signed-in member and reports a failed send', async () => {
    renderApp(<ContactPage />, { path: '/contact', user: memberFixture });
    expect(screen.getByLabelText('Name')).toHaveValue('Asha Rao');
    expect(screen.getByLabelText('Email')).toHaveValue('asha@example.com');
    failNextWrite();
    await waitFor(() => expect(sendNow()).toBeEnabled());
    await userEvent.click(sendNow());
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith('Message could not be sent. Please try again.'),
    );
    expect(toastSuccess).not.toHaveBeenCalled();
  });
});
