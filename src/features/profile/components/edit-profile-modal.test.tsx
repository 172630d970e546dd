import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toastError, toastSuccess } from '@/lib/toast';
import { updateMemberProfile } from '@/services/auth';
import { refreshMemberCopies } from '../api/refresh-member-copies';
import { failNextWrite, resetFakeDatabase, valueAt, writeLog } from '@/testing/fake-database';
import { memberFixture, renderApp } from '@/testing/render-app';
import { EditProfileModal } from './edit-profile-modal';

vi.mock('@/services/database', () => import('@/testing/fake-database'));
vi.mock('@/services/auth', () => ({ updateMemberProfile: vi.fn() }));
// The API's rewrite of the copies is proved over HTTP in tests/api/identity.test.ts.
vi.mock('../api/refresh-member-copies', () => ({ refreshMemberCopies: vi.fn() }));
vi.mock('@/lib/toast', () => ({
  toastSuccess: vi.fn(),
  toastError: vi.fn(),
  toastInfo: vi.fn(),
}));

const uid = memberFixture.uid;
const MISSING = 'Some profile fields are missing. Please fill all fields.';

function seedMember(extra: { info?: object; private?: object; social?: object } = {}) {
  resetFakeDatabase({
    users: {
      [uid]: {
        info: {
          uid,
          displayName: 'Asha Rao',
          photoURL: '',
          joinAt: '2026-01-01 10:00:00',
          createdAt: 1,
          score: 40,
          ...extra.info,
        },
        private: { email: 'asha@example.com', emailVerified: true, ...extra.private },
        ...(extra.social ? { social: extra.social } : {}),
      },
    },
  });
}

async function openModal() {
  const onHide = vi.fn();
  renderApp(<EditProfileModal uid={uid} show onHide={onHide} />, { user: memberFixture });
  await screen.findByLabelText('Location');
  return onHide;
}

async function fillRequired(
  values = { location: 'Pune', preference: 'veg', height: '164', weight: '62', age: '29' },
) {
  await userEvent.selectOptions(screen.getByLabelText('Location'), values.location);
  await userEvent.selectOptions(screen.getByLabelText('Preference'), values.preference);
  await userEvent.type(screen.getByLabelText('Height (cm)'), values.height);
  await userEvent.type(screen.getByLabelText('Weight (kg)'), values.weight);
  await userEvent.type(screen.getByLabelText('Age'), values.age);
}

const save = () => userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

beforeEach(() => {
  vi.clearAllMocks();
  seedMember();
});

describe('EditProfileModal', () => {
  it('refuses to save with any of the five fields empty: the product’s toast, fields marked, nothing written', async () => {
    await openModal();
    await userEvent.selectOptions(screen.getByLabelText('Location'), 'Pune');
    await userEvent.type(screen.getByLabelText('Height (cm)'), '170');
    await save();
    expect(toastError).toHaveBeenCalledWith(MISSING);
    expect(screen.getByLabelText('Preference')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Weight (kg)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Age')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Location')).toHaveAttribute('aria-invalid', 'false');
    expect(writeLog).toHaveLength(0);
  });

  it('treats whitespace as empty', async () => {
    await openModal();
    await fillRequired({
      location: 'Pune',
      preference: 'veg',
      height: '164',
      weight: '62',
      age: ' ',
    });
    await save();
    expect(toastError).toHaveBeenCalledWith(MISSING);
    expect(writeLog).toHaveLength(0);
  });

  it('checks ranges inline without the missing-fields toast', async () => {
    await openModal();
    await fillRequired({
      location: 'Delhi',
      preference: 'vegan',
      height: '90',
      weight: '62',
      age: '8',
    });
    await save();
    expect(await screen.findByText('Height must be at least 100')).toBeInTheDocument();
    expect(screen.getByText('Age must be at least 13')).toBeInTheDocument();
    expect(toastError).not.toHaveBeenCalled();
    expect(writeLog).toHaveLength(0);
  });

  it('accepts social links only as https on their own site', async () => {
    await openModal();
    await fillRequired();
    await userEvent.type(screen.getByLabelText('Facebook'), 'http://facebook.com/asha');
    await userEvent.type(screen.getByLabelText('Instagram'), 'https://evil.example.com/asha');
    await userEvent.type(screen.getByLabelText('LinkedIn'), 'javascript:alert(1)');
    await save();
    expect(await screen.findByText('Must be an https link on facebook.com')).toBeInTheDocument();
    expect(screen.getByText('Must be an https link on instagram.com')).toBeInTheDocument();
    expect(screen.getByText('Must be an https link on linkedin.com')).toBeInTheDocument();
    expect(writeLog).toHaveLength(0);
  });

  it('saves public info and private body stats field by field, then toasts and closes', async () => {
    const onHide = await openModal();
    await fillRequired();
    await userEvent.type(screen.getByLabelText('Bio (optional)'), 'Runner.');
    await save();
    await waitFor(() =>
      expect(toastSuccess).toHaveBeenCalledWith('Profile info updated successfully'),
    );
    expect(onHide).toHaveBeenCalled();
    expect(writeLog).toHaveLength(1);
    expect(writeLog[0]).toMatchObject({
      [`users/${uid}/info/location`]: 'Pune',
      [`users/${uid}/info/preference`]: 'veg',
      [`users/${uid}/info/bio`]: 'Runner.',
      [`users/${uid}/private/height`]: 164,
      [`users/${uid}/private/weight`]: 62,
      [`users/${uid}/private/age`]: 29,
    });
    // Server-owned fields are never part of the write.
    expect(
      Object.keys(writeLog[0]).some((path) => /score|joinAt|createdAt|Challenges/.test(path)),
    ).toBe(false);
    expect(valueAt(`users/${uid}/info/score`)).toBe(40);
  });

  it('saves changed social links and says so', async () => {
    await openModal();
    await fillRequired();
    await userEvent.type(screen.getByLabelText('Twitter'), 'https://x.com/asha');
    await save();
    await waitFor(() =>
      expect(toastSuccess).toHaveBeenCalledWith('Social links updated successfully'),
    );
    expect(valueAt(`users/${uid}/social`)).toEqual({
      facebook: '',
      instagram: '',
      twitter: 'https://x.com/asha',
      linkedin: '',
    });
  });

  it('shows the stored values and reports a failed save with the product’s words', async () => {
    seedMember({
      info: { location: 'Agra', preference: 'nonveg' },
      private: { height: 170, weight: 70, age: 40 },
    });
    await openModal();
    expect(screen.getByLabelText('Location')).toHaveValue('Agra');
    expect(screen.getByLabelText('Height (cm)')).toHaveValue(170);
    failNextWrite();
    await save();
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Failed to update profile info'));
    expect(toastSuccess).not.toHaveBeenCalled();
  });

  it('changes the display name: stored in info, then the Auth profile, then the copies', async () => {
    const order: string[] = [];
    vi.mocked(updateMemberProfile).mockImplementation(async () => {
      order.push(`auth after ${writeLog.length} write(s)`);
    });
    vi.mocked(refreshMemberCopies).mockImplementation(async () => {
      order.push('copies');
    });
    await openModal();
    expect(screen.getByLabelText('Display name')).toHaveValue('Asha Rao');
    await fillRequired();
    await userEvent.clear(screen.getByLabelText('Display name'));
    await userEvent.type(screen.getByLabelText('Display name'), '  Asha R.  ');
    await save();
    await waitFor(() =>
      expect(toastSuccess).toHaveBeenCalledWith('Profile info updated successfully'),
    );
    expect(valueAt(`users/${uid}/info/displayName`)).toBe('Asha R.');
    expect(updateMemberProfile).toHaveBeenCalledWith({ displayName: 'Asha R.' });
    expect(order).toEqual(['auth after 1 write(s)', 'copies']);
  });

  it('keeps the name out of the Auth profile and the API when it did not change', async () => {
    await openModal();
    await fillRequired();
    await save();
    await waitFor(() => expect(toastSuccess).toHaveBeenCalled());
    expect(updateMemberProfile).not.toHaveBeenCalled();
    expect(refreshMemberCopies).not.toHaveBeenCalled();
  });

  it('refuses a blank or over-long display name inline, writing nothing', async () => {
    await openModal();
    await fillRequired();
    const name = screen.getByLabelText('Display name');
    await userEvent.clear(name);
    await userEvent.type(name, '   ');
    await save();
    expect(await screen.findByText('Display name is required')).toBeInTheDocument();
    expect(toastError).not.toHaveBeenCalled();

    await userEvent.clear(name);
    // maxLength stops typing, so a pasted-in value past it is set directly.
    name.removeAttribute('maxlength');
    await userEvent.type(name, 'A'.repeat(101));
    await save();
    expect(
      await screen.findByText('Display name must be at most 100 characters'),
    ).toBeInTheDocument();
    expect(writeLog).toHaveLength(0);
  });

  it('says the name is saved but not yet on the cards when the API fails', async () => {
    vi.mocked(refreshMemberCopies).mockRejectedValueOnce(new Error('offline'));
    const onHide = await openModal();
    await fillRequired();
    await userEvent.clear(screen.getByLabelText('Display name'));
    await userEvent.type(screen.getByLabelText('Display name'), 'Asha R.');
    await save();
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith(expect.stringMatching(/new name is saved.*retry/i)),
    );
    expect(onHide).not.toHaveBeenCalled();
  });
});
