import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INCOMPLETE_PROFILE_MESSAGE } from '@domain/constants';
import { toastError, toastInfo } from '@/lib/toast';
import { callApi } from '@/services/api-client';
import { failNextWrite, resetFakeDatabase, valueAt, writeLog } from '@/testing/fake-database';
import { memberFixture, renderApp } from '@/testing/render-app';
import { CreateChallengeButton } from './create-challenge-button';

vi.mock('@/services/database', () => import('@/testing/fake-database'));
vi.mock('@/services/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/services/api-client')>()),
  callApi: vi.fn(),
}));
vi.mock('@/lib/toast', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/toast')>()),
  toastSuccess: vi.fn(),
  toastError: vi.fn(),
  toastInfo: vi.fn(),
}));

const uid = memberFixture.uid;

/** A new member: first sign-in records only, or some of the plan fields already there. */
function givenMember(info: Record<string, unknown> = {}, body: Record<string, unknown> = {}) {
  resetFakeDatabase({
    users: {
      [uid]: {
        info: { uid, displayName: 'Asha Rao', photoURL: '', joinAt: 1, createdAt: 1, ...info },
        private: { email: 'asha@example.com', emailVerified: true, ...body },
      },
    },
  });
}

function renderStart() {
  return renderApp(<CreateChallengeButton>Start a Challenge</CreateChallengeButton>, {
    user: memberFixture,
    routes: [{ path: '/profile/:profileName/:uid', element: <p>profile page</p> }],
  });
}

async function start() {
  await userEvent.click(screen.getByRole('button', { name: 'Start a Challenge' }));
  return screen.findByRole('dialog', { name: 'Set up your plan' });
}

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
  writeLog.length = 0;
});

describe('Start a Challenge with an incomplete profile', () => {
  it('opens "Set up your plan" with every plan field for a brand-new member, on the same page', async () => {
    givenMember();
    const { router } = renderStart();
    const dialog = await start();
    expect(within(dialog).getByText(INCOMPLETE_PROFILE_MESSAGE)).toBeInTheDocument();
    for (const label of ['Location', 'Height (cm)', 'Weight (kg)', 'Age', 'Preference'])
      expect(within(dialog).getByLabelText(label)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(toastInfo).not.toHaveBeenCalled();
  });

  it('asks only for the fields the profile lacks', async () => {
    givenMember({ location: 'Pune', preference: 'veg' }, { height: 165 });
    renderStart();
    const dialog = await start();
    expect(within(dialog).getByLabelText('Weight (kg)')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Age')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Location')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Height (cm)')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Preference')).not.toBeInTheDocument();
  });

  it('shows each problem beside its field and saves nothing', async () => {
    givenMember({ location: 'Pune', preference: 'veg' });
    renderStart();
    const dialog = await start();
    await userEvent.type(within(dialog).getByLabelText('Height (cm)'), '20');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save and continue' }));
    expect(await within(dialog).findByText('Height must be at least 100')).toBeInTheDocument();
    expect(within(dialog).getAllByText('This field is required')).toHaveLength(2);
    expect(within(dialog).getByLabelText('Weight (kg)')).toHaveAttribute('aria-invalid', 'true');
    expect(writeLog).toHaveLength(0);
    expect(
      screen.queryByRole('dialog', { name: 'Create a meal challenge' }),
    ).not.toBeInTheDocument();
  });

  it('saves the fields where the profile keeps them, then goes straight on to the create form', async () => {
    givenMember({ preference: 'vegan' });
    renderStart();
    const dialog = await start();
    await userEvent.selectOptions(within(dialog).getByLabelText('Location'), 'Pune');
    await userEvent.type(within(dialog).getByLabelText('Height (cm)'), '165');
    await userEvent.type(within(dialog).getByLabelText('Weight (kg)'), '60');
    await userEvent.type(within(dialog).getByLabelText('Age'), '29');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save and continue' }));

    expect(
      await screen.findByRole('dialog', { name: 'Create a meal challenge' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Set up your plan' })).not.toBeInTheDocument();
    expect(writeLog).toEqual([
      {
        [`users/${uid}/info/location`]: 'Pune',
        [`users/${uid}/private/height`]: 165,
        [`users/${uid}/private/weight`]: 60,
        [`users/${uid}/private/age`]: 29,
      },
    ]);
    expect(valueAt(`users/${uid}/info/preference`)).toBe('vegan');
    expect(callApi).not.toHaveBeenCalled();
  });

  it('keeps the form open with the product’s message when saving fails', async () => {
    givenMember({ location: 'Pune', preference: 'veg' }, { height: 165, weight: 60 });
    renderStart();
    const dialog = await start();
    await userEvent.type(within(dialog).getByLabelText('Age'), '29');
    failNextWrite();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Failed to update profile info'));
    expect(screen.getByRole('dialog', { name: 'Set up your plan' })).toBeInTheDocument();
  });

  it('opens the create form at once for a complete profile', async () => {
    givenMember({ location: 'Pune', preference: 'veg' }, { height: 165, weight: 60, age: 29 });
    renderStart();
    await userEvent.click(screen.getByRole('button', { name: 'Start a Challenge' }));
    expect(
      await screen.findByRole('dialog', { name: 'Create a meal challenge' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Set up your plan' })).not.toBeInTheDocument();
  });
});
