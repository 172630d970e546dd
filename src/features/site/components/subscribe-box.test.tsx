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
import { renderApp } from '@/testing/render-app';
import { SubscribeBox } from './subscribe-box';

vi.mock('@/services/database', () => import('@/testing/fake-database'));
vi.mock('@/lib/toast', () => ({
  toastSuccess: vi.fn(),
  toastError: vi.fn(),
  toastInfo: vi.fn(),
}));

beforeEach(() => {
  vi.clearAllMocks();
  resetFakeDatabase();
});

describe('SubscribeBox', () => {
  it("is the product's 'Never Miss A News' box and stays disabled after one subscribe", async () => {
    renderApp(<SubscribeBox />);
    expect(screen.getByRole('heading', { name: 'Never Miss A News' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email address'), 'fan@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe now' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Subscribe successfully'));
    const button = screen.getByRole('button', { name: 'Subscribed' });
    expect(button).toBeDisabled();
    expect(screen.getByLabelText('Email address')).toBeDisabled();
    await userEvent.click(button);
    expect(writeLog).toHaveLength(1);
    expect(Object.values(valueAt('website/subscribers') as object)).toEqual([
      { email: 'fan@example.com', createdAt: SERVER_TIME },
    ]);
  });

  it('is disabled while subscribing', async () => {
    renderApp(<SubscribeBox />);
    await userEvent.type(screen.getByLabelText('Email address'), 'fan@example.com');
    const release = holdNextWrite();
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe now' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Subscribe now' })).toBeDisabled(),
    );
    release();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Subscribed' })).toBeDisabled());
    expect(writeLog).toHaveLength(1);
  });

  it('checks the email and writes nothing when it is not valid', async () => {
    renderApp(<SubscribeBox />);
    await userEvent.type(screen.getByLabelText('Email address'), "o'brien@nowhere");
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe now' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(writeLog).toHaveLength(0);
  });

  it('subscribes an address of 254 characters and refuses one of 255 with the limit', async () => {
    const at = (length: number) => 'a'.repeat(length - '@example.com'.length) + '@example.com';
    renderApp(<SubscribeBox />);
    const email = screen.getByLabelText('Email address');
    await userEvent.click(email);
    await userEvent.paste(at(255));
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe now' }));
    expect(await screen.findByText('Email must be at most 254 characters')).toBeInTheDocument();
    expect(writeLog).toHaveLength(0);
    await userEvent.clear(email);
    await userEvent.paste(at(254));
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe now' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Subscribe successfully'));
    expect(Object.values(valueAt('website/subscribers') as object)).toEqual([
      { email: at(254), createdAt: SERVER_TIME },
    ]);
  });

  it('lets the visitor try again after a failure', async () => {
    renderApp(<SubscribeBox />);
    failNextWrite();
    await userEvent.type(screen.getByLabelText('Email address'), 'fan@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe now' }));
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith('Subscription failed. Please try again.'),
    );
    expect(screen.getByRole('button', { name: 'Subscribe now' })).toBeEnabled();
  });
});
