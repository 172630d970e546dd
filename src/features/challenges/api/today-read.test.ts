import { readIdentity } from '@domain/data/read-descriptor';
import { startRead } from '@/services/database-reads';
import { prefetchToday, todayRead } from './today-read';

vi.mock('@/services/database-reads', () => ({ startRead: vi.fn() }));
vi.mock('@/services/saved-session', () => ({
  whenSignedIn: (read: (uid: string) => void) => read('uid-asha'),
}));

it("starts Today's read for the saved member, the descriptor the section watches: REST-answerable", () => {
  prefetchToday();
  expect(startRead).toHaveBeenCalledTimes(1);
  const started = vi.mocked(startRead).mock.calls[0]![0];
  expect(readIdentity(started)).toBe(readIdentity(todayRead('uid-asha')));
  expect(started).toMatchObject({
    path: 'users/uid-asha/challenges',
    query: { orderBy: 'createdAt', limitToLast: 27 },
    who: 'member',
    priority: 'main',
  });
  expect(started.query?.startAt).toBeUndefined();
});
