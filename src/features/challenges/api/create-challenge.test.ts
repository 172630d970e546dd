import { ApiError, callApi } from '@/services/api-client';
import { readValue } from '@/services/database';
import { CreateChallengeRefused, createChallenge } from './create-challenge';

vi.mock('@/services/database', () => ({
  readValue: vi.fn(() => Promise.resolve(null)),
  readChildren: vi.fn(() => Promise.resolve([])),
}));
vi.mock('@/services/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/services/api-client')>()),
  callApi: vi.fn(),
}));

const member = { uid: 'm1', displayName: 'Asha Rao', photoURL: null };
const input = {
  title: 'Lean week',
  day: 7,
  preference: 'veg',
  targetBody: 'Lean',
  start: 'today',
} as const;

async function refusalFor(error: ApiError): Promise<unknown> {
  vi.mocked(readValue).mockResolvedValue(null);
  vi.mocked(callApi).mockRejectedValueOnce(error);
  return createChallenge(member, input).catch((caught: unknown) => caught);
}

// The app branches on the API's stable code (src/domain/api-errors.ts), never on the message text.
describe('createChallenge refusals', () => {
  it('reads an incomplete profile from the code even when the message is worded otherwise', async () => {
    const refused = await refusalFor(
      new ApiError(422, 'Reworded profile text', 'profile-incomplete'),
    );
    expect(refused).toBeInstanceOf(CreateChallengeRefused);
    expect((refused as CreateChallengeRefused).reason).toBe('incomplete-profile');
  });

  it('reads the active-challenge limit from the code, whatever the message', async () => {
    const refused = await refusalFor(new ApiError(409, 'Reworded limit text', 'active-limit'));
    expect((refused as CreateChallengeRefused).reason).toBe('active-limit');
  });

  it('passes any other 409 or 422 through with the server’s message', async () => {
    for (const error of [
      new ApiError(409, 'Busy elsewhere', 'conflict'),
      new ApiError(422, 'No window left', 'challenge-ended'),
    ]) {
      const refused = await refusalFor(error);
      expect(refused).toBe(error);
    }
  });
});
