import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACTIVE_CHALLENGE_LIMIT_MESSAGE, INCOMPLETE_PROFILE_MESSAGE } from '@domain/constants';
import { addDays, calendarDateInZone } from '@domain/calendar-dates';
import { toastError, toastInfo, toastSuccess } from '@/lib/toast';
import { ApiError, callApi } from '@/services/api-client';
import { readChildren, readValue } from '@/services/database';
import { memberFixture, renderApp } from '@/testing/render-app';
import { CreateChallengeBanner, PROMOTION_VARIANTS } from './create-challenge-banner';

vi.mock('@/services/database', () => ({
  readValue: vi.fn(),
  readChildren: vi.fn(() => Promise.resolve([])),
}));
vi.mock('@/services/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/services/api-client')>()),
  callApi: vi.fn(),
}));
// Partial mock: the real TOAST_LIMIT_ERROR_MS stays, so the 5 s assertions below check the app's constant.
vi.mock('@/lib/toast', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/toast')>()),
  toastSuccess: vi.fn(),
  toastError: vi.fn(),
  toastInfo: vi.fn(),
}));

const completeInfo = {
  uid: memberFixture.uid,
  displayName: 'Asha Rao',
  location: 'Pune',
  preference: 'veg',
  activeChallenges: 0,
};
const completeBody = { height: 165, weight: 60, age: 29 };

function givenProfile(info: Record<string, unknown> | null, body: Record<string, unknown> | null) {
  vi.mocked(readValue).mockImplementation(async (path: string) =>
    path.endsWith('/private') ? body : info,
  );
}

function renderBanner(user = memberFixture) {
  return renderApp(<CreateChallengeBanner variant={0} />, {
    user,
    routes: [
      { path: '/profile/:profileName/:uid', element: <p>profile page</p> },
      { path: '/login', element: <p>login page</p> },
      { path: '/challange/:postName/:ownerId/:challengeId', element: <p>challenge page</p> },
    ],
  });
}

const openForm = () =>
  userEvent.click(screen.getByRole('button', { name: PROMOTION_VARIANTS[0].action }));

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
});

describe('CreateChallengeBanner', () => {
  it('shows either promotion variant, picked at random', () => {
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.7);
    const { unmount } = renderApp(<CreateChallengeBanner />, { user: memberFixture });
    expect(
      screen.getByRole('heading', { name: PROMOTION_VARIANTS[1].heading }),
    ).toBeInTheDocument();
    unmount();
    random.mockReturnValue(0.2);
    renderApp(<CreateChallengeBanner />, { user: memberFixture });
    expect(
      screen.getByRole('heading', { name: PROMOTION_VARIANTS[0].heading }),
    ).toBeInTheDocument();
    random.mockRestore();
  });

  it('sends visitors to login', async () => {
    const { router } = renderBanner(null as never);
    await openForm();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('asks a member with an incomplete profile for the missing fields here, not on their profile', async () => {
    givenProfile(completeInfo, { height: 165, weight: 60 });
    const { router } = renderBanner();
    await openForm();
    const dialog = await screen.findByRole('dialog', { name: 'Set up your plan' });
    // The product's message stays, on the form that resolves it.
    expect(within(dialog).getByText(INCOMPLETE_PROFILE_MESSAGE)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Age')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Height (cm)')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(toastInfo).not.toHaveBeenCalled();
  });

  it('refuses a third active challenge with the 5 s error toast', async () => {
    givenProfile({ ...completeInfo, activeChallenges: 2 }, completeBody);
    const ongoing = {
      deleted: false,
      isActive: true,
      meals: { Day1: { dinner: { closesAt: Date.now() + 3_600_000 } } },
    };
    vi.mocked(readChildren).mockResolvedValue([
      { key: 'a', value: ongoing },
      { key: 'b', value: ongoing },
    ]);
    renderBanner();
    await openForm();
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith(ACTIVE_CHALLENGE_LIMIT_MESSAGE, 5000),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not count challenges that have ended, even if the counter still does', async () => {
    givenProfile({ ...completeInfo, activeChallenges: 2 }, completeBody);
    const ended = {
      deleted: false,
      isActive: true,
      meals: { Day1: { dinner: { closesAt: Date.now() - 1000 } } },
    };
    const ongoing = {
      deleted: false,
      isActive: true,
      meals: { Day1: { dinner: { closesAt: Date.now() + 3_600_000 } } },
    };
    vi.mocked(readChildren).mockResolvedValue([
      { key: 'a', value: ended },
      { key: 'b', value: ongoing },
    ]);
    renderBanner();
    await openForm();
    expect(
      await screen.findByRole('dialog', { name: 'Create a meal challenge' }),
    ).toBeInTheDocument();
    expect(toastError).not.toHaveBeenCalled();
  });
});

describe('CreateChallengeModal', () => {
  beforeEach(() => givenProfile(completeInfo, completeBody));

  it('offers the product’s options and requires every field', async () => {
    renderBanner();
    await openForm();
    const dialog = await screen.findByRole('dialog', { name: 'Create a meal challenge' });
    const options = (label: string) =>
      [...(screen.getByLabelText(label) as HTMLSelectElement).options]
        .map((option) => option.value)
        .filter(Boolean);
    expect(options('Days')).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(options('Preference')).toEqual(['veg', 'nonveg', 'vegan']);
    expect(options('Target body')).toEqual(['Bulk', 'Lean Bulk', 'Lean', 'Cutting', 'Maintain']);
    expect(screen.getByLabelText('Today')).toBeChecked();
    const whoCanJoin = screen.getByRole('group', { name: 'Who can join' });
    expect(
      within(whoCanJoin)
        .getAllByRole('radio')
        .map((radio) => (radio as HTMLInputElement).labels?.[0]?.textContent),
    ).toEqual(['Only me', 'Anyone with the link', 'Anyone from the feed']);
    expect(within(whoCanJoin).getByLabelText('Only me')).toBeChecked();

    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Create Challenge' }),
    );
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Choose the number of days')).toBeInTheDocument();
    expect(screen.getByText('Choose a preference')).toBeInTheDocument();
    expect(screen.getByText('Choose a target body')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(callApi).not.toHaveBeenCalled();
    expect(dialog).toBeInTheDocument();
  });

  async function fillForm() {
    await userEvent.type(screen.getByLabelText('Title'), '  Week of greens ');
    await userEvent.selectOptions(screen.getByLabelText('Days'), '3');
    await userEvent.selectOptions(screen.getByLabelText('Preference'), 'vegan');
    await userEvent.selectOptions(screen.getByLabelText('Target body'), 'Lean Bulk');
    await userEvent.click(screen.getByLabelText('Tomorrow'));
  }

  it('sends the product’s payload with the time zone and tomorrow’s date, then confirms', async () => {
    // Noon UTC is the same calendar day in every zone from UTC−11 to UTC+11, so "tomorrow" is known.
    vi.useFakeTimers({ now: new Date('2026-03-14T12:00:00Z'), toFake: ['Date'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    vi.mocked(callApi).mockResolvedValue({ challengeId: 'new-id' });
    const { router } = renderBanner();
    await openForm();
    await screen.findByRole('dialog');
    await fillForm();
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Create Challenge' }),
    );

    await waitFor(() =>
      expect(toastSuccess).toHaveBeenCalledWith('Challenge created successfully'),
    );
    const [path, body] = vi.mocked(callApi).mock.calls[0] as [string, Record<string, unknown>];
    expect(path).toBe('/api/generate');
    expect(body).toMatchObject({
      title: 'Week of greens',
      day: 3,
      user_id: memberFixture.uid,
      preference: 'vegan',
      targetBody: 'Lean Bulk',
      displayName: 'Asha Rao',
      photoURL: '',
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      startDate: '2026-03-15',
    });
    // "Only me" (the default) sends the request as before groups: no access field.
    expect(body).not.toHaveProperty('access');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The new challenge opens at its own address (the API answers with its id).
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `/challange/week-of-greens/${memberFixture.uid}/new-id`,
      ),
    );
  });

  it('sends “Who can join” as access when the owner opens the challenge to others', async () => {
    vi.mocked(callApi).mockResolvedValue({ challengeId: 'new-id' });
    renderBanner();
    await openForm();
    await screen.findByRole('dialog');
    await fillForm();
    await userEvent.click(screen.getByLabelText('Anyone with the link'));
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Create Challenge' }),
    );
    await waitFor(() => expect(callApi).toHaveBeenCalled());
    const [path, body] = vi.mocked(callApi).mock.calls[0] as [string, Record<string, unknown>];
    expect(path).toBe('/api/generate');
    expect(body).toMatchObject({ title: 'Week of greens', access: 'link' });
  });

  it('maps the server’s 409 to the limit toast', async () => {
    vi.mocked(callApi).mockRejectedValue(
      new ApiError(409, ACTIVE_CHALLENGE_LIMIT_MESSAGE, 'active-limit'),
    );
    renderBanner();
    await openForm();
    await screen.findByRole('dialog');
    await fillForm();
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Create Challenge' }),
    );
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith(ACTIVE_CHALLENGE_LIMIT_MESSAGE, 5000),
    );
    expect(toastSuccess).not.toHaveBeenCalled();
  });

  it('shows "Error creating challenge" when generation fails', async () => {
    vi.mocked(callApi).mockRejectedValue(new ApiError(500, 'boom'));
    renderBanner();
    await openForm();
    await screen.findByRole('dialog');
    await fillForm();
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Create Challenge' }),
    );
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Error creating challenge'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('shows the server’s message for a refusal that is not about the profile', async () => {
    givenProfile(completeInfo, completeBody);
    const noWindowLeft =
      'Every meal window of this challenge has already closed in your time zone (Asia/Kolkata); start it tomorrow instead';
    vi.mocked(callApi).mockRejectedValue(new ApiError(422, noWindowLeft, 'challenge-ended'));
    const { router } = renderBanner();
    await openForm();
    await screen.findByRole('dialog');
    await fillForm();
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Create Challenge' }),
    );
    await waitFor(() => expect(toastError).toHaveBeenCalledWith(noWindowLeft));
    expect(toastInfo).not.toHaveBeenCalled();
    expect(router.state.location.pathname).not.toMatch(/^\/profile/);
  });

  it('shows the time zone the server keeps for the member and counts “today” in it', async () => {
    const keptZone = 'Pacific/Kiritimati';
    givenProfile(completeInfo, { ...completeBody, timeZone: keptZone, timeZoneSetAt: Date.now() });
    vi.mocked(callApi).mockResolvedValue({ challengeId: 'new-id' });
    renderBanner();
    await openForm();
    const dialog = await screen.findByRole('dialog');
    // The zone as people say it, not its IANA name (src/lib/format.ts, formatTimeZone).
    expect(await within(dialog).findByText(/Meal times follow your time zone/)).toHaveTextContent(
      'Meal times follow your time zone, Kiritimati time.',
    );
    await fillForm();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Challenge' }));
    await waitFor(() => expect(callApi).toHaveBeenCalled());
    const [, body] = vi.mocked(callApi).mock.calls[0] as [string, Record<string, unknown>];
    expect(body.startDate).toBe(addDays(calendarDateInZone(Date.now(), keptZone), 1));
    expect(body.timezone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
