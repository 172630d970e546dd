import { ApiError, callApi } from './api-client';

vi.mock('./saved-session', () => ({ memberIdToken: vi.fn(() => Promise.resolve('token')) }));

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status }))),
  );
  onTestFinished(() => {
    vi.unstubAllGlobals();
  });
}

describe('callApi errors', () => {
  it('exposes the API’s code next to its message', async () => {
    answer(422, { error: 'Complete your profile', code: 'profile-incomplete', fields: ['age'] });
    const error = (await callApi('/api/generate', {}).catch(
      (caught: unknown) => caught,
    )) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(422);
    expect(error.message).toBe('Complete your profile');
    expect(error.code).toBe('profile-incomplete');
  });

  it('leaves the code undefined when the answer carries none the app knows', async () => {
    answer(502, { error: 'Bad gateway', code: 'made-up' });
    const error = (await callApi('/api/generate').catch((caught: unknown) => caught)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.code).toBeUndefined();
  });
});
