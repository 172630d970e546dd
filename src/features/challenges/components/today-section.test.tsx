import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChallengeRecord, MealRecord } from '@domain/challenges/challenge-record';
import { mealWindow } from '@domain/challenges/meal-schedule';
import { MEAL_SLOTS } from '@domain/constants';
import { uploadFile, type UploadHandle } from '@/services/storage';
import { queryLog, resetFakeDatabase } from '@/testing/fake-database';
import { memberFixture, renderApp } from '@/testing/render-app';
import { submitMealProof } from '../api/submit-meal-proof';
import { TodaySection } from './today-section';

vi.mock('@/services/database', () => import('@/testing/fake-database'));
vi.mock('@/services/storage', () => ({
  uploadFile: vi.fn(),
  storedFileUrl: vi.fn(() => Promise.resolve(null)),
  isCanceledUpload: () => false,
}));
vi.mock('@/lib/compress-photo', () => ({
  compressPhoto: vi.fn((file: File) => Promise.resolve(file)),
}));
vi.mock('../api/submit-meal-proof', () => ({
  submitMealProof: vi.fn(() => Promise.resolve({ review: null })),
}));
vi.mock('@/lib/toast', () => ({
  toastSuccess: vi.fn(),
  toastError: vi.fn(),
  toastErrorWithReason: vi.fn(),
  toastInfo: vi.fn(),
  confirmAction: vi.fn(),
}));

const ZONE = 'Asia/Kolkata';
const DISHES = { breakfast: 'Poha', lunch: 'Rajma chawal', dinner: 'Khichdi' } as const;
const at = (time: string) => Date.parse(`2026-11-29T${time}:00+05:30`);

function plan(title: string, createdAt: number): ChallengeRecord {
  const meals: ChallengeRecord['meals'] = {};
  for (const day of [1, 2]) {
    meals[`Day${day}`] = Object.fromEntries(
      MEAL_SLOTS.map((slot) => [
        slot,
        {
          name: DISHES[slot],
          calories: 500,
          protein: 25,
          carbs: 60,
          fat: 12,
          details: '',
          img: `/meals/${slot}.svg`,
          status: 'Pending',
          ...mealWindow('2026-11-29', day, slot, ZONE),
        } satisfies MealRecord,
      ]),
    );
  }
  return {
    title,
    day: 2,
    preference: 'veg',
    targetBody: 'Lean',
    displayName: 'Asha Rao',
    photoURL: '',
    createdAt,
    deleted: false,
    isActive: true,
    startDate: '2026-11-29',
    timezone: ZONE,
    targets: { calories: 1800, protein: 100, carbs: 200, fat: 60 },
    meals,
  };
}

function renderToday(challenges: Record<string, ChallengeRecord> = {}) {
  resetFakeDatabase({ users: { [memberFixture.uid]: { challenges } } });
  return renderApp(
    <TodaySection
      startChallenge={
        <section aria-label="Start a challenge">
          <button type="button">Start a Challenge</button>
        </section>
      }
    />,
    { user: memberFixture },
  );
}

const today = () => screen.getByRole('region', { name: 'Today' });

beforeEach(() => {
  vi.clearAllMocks();
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => vi.useRealTimers());

it('shows the open meal, its window with the time left, and "Snap your lunch"', async () => {
  vi.setSystemTime(at('13:48'));
  renderToday({ c1: plan('Green week', at('07:00')) });
  const card = await within(today()).findByRole('article', { name: 'Lunch: Rajma chawal' });
  expect(card).toHaveTextContent('open until 3:00 PM · 1 h 12 m left');
  expect(within(card).getByRole('link', { name: 'Green week' })).toHaveAttribute(
    'href',
    `/challange/green-week/${memberFixture.uid}/c1`,
  );
  const snap = within(card).getByRole('button', { name: 'Snap your lunch' });
  // The camera first, behind the button: a labelled input, hidden from sight.
  const input = within(card).getByLabelText('Photo of your lunch');
  expect(input).toHaveAttribute('type', 'file');
  expect(input).toHaveAttribute('accept', 'image/*');
  expect(input).toHaveAttribute('capture', 'environment');
  expect(input).toHaveClass('visually-hidden');
  const picked = vi.fn();
  input.addEventListener('click', picked);
  await userEvent.click(snap);
  expect(picked).toHaveBeenCalled();
  // Read with the entry's descriptor: the member's newest records, by creation time, REST-answerable.
  expect(queryLog).toContainEqual({
    path: `users/${memberFixture.uid}/challenges`,
    spec: { orderBy: 'createdAt', limitToLast: 27 },
  });
});

it('between windows, counts down to the next meal and offers no button yet', async () => {
  vi.setSystemTime(at('10:20'));
  renderToday({ c1: plan('Green week', at('07:00')) });
  const card = await within(today()).findByRole('article', { name: 'Lunch: Rajma chawal' });
  expect(card).toHaveTextContent('opens at 12:00 PM · in 1 h 40 m');
  expect(within(card).queryByRole('button')).not.toBeInTheDocument();
});

it('without a running challenge, says so and offers to start one', async () => {
  vi.setSystemTime(at('13:48'));
  const ended = { ...plan('Old week', at('07:00') - 10 * 86_400_000), day: 0 };
  renderToday({
    c0: { ...ended, meals: {} },
    gone: { ...plan('Deleted', at('07:00')), deleted: true },
  });
  expect(await within(today()).findByText(/No challenge is running/)).toBeInTheDocument();
  expect(within(today()).getByRole('button', { name: 'Start a Challenge' })).toBeInTheDocument();
  expect(within(today()).queryByRole('article')).not.toBeInTheDocument();
});

it('records the photo with progress right there, then shows Done and the points', async () => {
  vi.setSystemTime(at('13:48'));
  let finish = () => {};
  vi.mocked(uploadFile).mockImplementationOnce((_path, _blob, onProgress = () => {}) => {
    const done = new Promise<{ url: string; path: string }>((resolve) => {
      finish = () => resolve({ url: 'https://example.com/p.jpg', path: 'p' });
    });
    queueMicrotask(() => onProgress({ state: 'running', bytesTransferred: 1, totalBytes: 2 }));
    return { pause: () => true, resume: () => true, cancel: () => true, done } as UploadHandle;
  });
  renderToday({ c1: plan('Green week', at('07:00')) });
  const card = await within(today()).findByRole('article', { name: 'Lunch: Rajma chawal' });
  await userEvent.upload(
    within(card).getByLabelText('Photo of your lunch'),
    new File(['jpeg'], 'lunch.jpg', { type: 'image/jpeg' }),
  );
  expect(
    await within(card).findByRole('progressbar', { name: 'Upload of Day 1 lunch proof' }),
  ).toBeInTheDocument();
  finish();
  await waitFor(() => expect(within(card).getByRole('status')).toHaveTextContent('Done+10 points'));
  expect(submitMealProof).toHaveBeenCalledWith(
    { ownerId: memberFixture.uid, challengeId: 'c1' },
    1,
    'lunch',
  );
  expect(within(card).queryByRole('button', { name: 'Snap your lunch' })).not.toBeInTheDocument();
});

it('a meal already proved shows Done and what it earned', async () => {
  vi.setSystemTime(at('13:48'));
  const proved = plan('Green week', at('07:00'));
  const lunch = proved.meals.Day1!.lunch!;
  proved.meals.Day1!.lunch = { ...lunch, status: 'Done', doneAt: at('13:00'), imgPath: 'x' };
  renderToday({ c1: proved });
  const card = await within(today()).findByRole('article', { name: 'Lunch: Rajma chawal' });
  expect(within(card).getByRole('status')).toHaveTextContent('Done+10 points');
  expect(within(card).queryByRole('button')).not.toBeInTheDocument();
});

it('shows nothing to a visitor', () => {
  vi.setSystemTime(at('13:48'));
  resetFakeDatabase();
  renderApp(<TodaySection startChallenge={null} />, { user: null });
  expect(screen.queryByRole('region', { name: 'Today' })).not.toBeInTheDocument();
});
