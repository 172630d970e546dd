import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HiddenChallengeRow } from '@domain/site/moderation-records';
import type { Loadable } from '@/hooks/use-loadable';
import { ADMIN_PAGE_SIZE } from '../api/admin-records';
import { ChallengeModeration } from './challenge-moderation';
import { ProofReviewQueue } from './proof-review-queue';
import { WebsiteSettings } from './website-settings';

// docs/product.md#roles: every Admin-X list is paged, none runs on past its 300 px box.

const hidden = vi.hoisted(() => ({ rows: [] as HiddenChallengeRow[] }));
vi.mock('../api/moderation', () => ({
  hideChallenge: vi.fn(),
  unhideChallenge: vi.fn(),
  useHiddenChallenges: (): Loadable<HiddenChallengeRow[]> => ({
    status: 'ready',
    value: hidden.rows,
  }),
}));
// Flagged proofs page by the key the previous page ended before; page 1 says a page 2 exists.
const proofPages = vi.hoisted(() => ({ asked: [] as Array<string | null> }));
vi.mock('../api/proof-review', () => ({
  approveProof: vi.fn(),
  rejectProof: vi.fn(),
  useFlaggedProofs: (before: string | null) => {
    proofPages.asked.push(before);
    return { status: 'ready', value: { proofs: [], next: before === null ? 'k-older' : null } };
  },
}));
// The feed's own list pages through the database; here it stays empty.
vi.mock('../api/admin-records', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/admin-records')>()),
  readFeedPage: vi.fn(async () => ({ rows: [], older: null })),
}));

const rowsIn = (name: string) =>
  within(screen.getByRole('region', { name })).queryAllByRole('row').length;

describe('Admin-X lists read in one go are paged like the others', () => {
  it('shows the website settings 10 a page, with Previous and Next and the page count', async () => {
    const links = Object.fromEntries(
      Array.from({ length: ADMIN_PAGE_SIZE + 3 }, (_, n) => [`site${n}`, `https://x.test/${n}`]),
    );
    render(<WebsiteSettings website={{ banner: { val: 'oats' }, 'social-link': links }} />);
    // The header row plus one page of settings.
    expect(rowsIn('Website settings')).toBe(ADMIN_PAGE_SIZE + 1);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Previous page of website settings' }),
    ).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Next page of website settings' }));
    expect(rowsIn('Website settings')).toBe(1 + 4);
    expect(screen.getByText('social-link/site12')).toBeInTheDocument();
    expect(screen.queryByText('banner/val')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page of website settings' })).toBeDisabled();
  });

  it('shows no page buttons for a list that fits one page', () => {
    render(<WebsiteSettings website={{ banner: { val: 'oats' } }} />);
    expect(screen.getByText('banner/val')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages of website settings' })).toBeNull();
  });

  it('pages the hidden challenges', async () => {
    hidden.rows = Array.from({ length: ADMIN_PAGE_SIZE + 1 }, (_, n) => ({
      challengeId: `c${n}`,
      uid: `u${n}`,
      title: `Hidden ${n}`,
      displayName: `Owner ${n}`,
      hiddenAt: 1_700_000_000_000 + n,
      reason: 'Spam',
    }));
    render(<ChallengeModeration refresh={0} onChanged={() => {}} />);
    const box = screen.getByRole('region', { name: 'Hidden challenges' });
    expect(within(box).getAllByRole('listitem')).toHaveLength(ADMIN_PAGE_SIZE);
    expect(within(box).queryByText('Hidden 10')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next page of hidden challenges' }));
    expect(
      within(screen.getByRole('region', { name: 'Hidden challenges' })).getAllByRole('listitem'),
    ).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Unhide Hidden 10' })).toBeInTheDocument();
  });

  it('pages the flagged proofs with the same Previous and Next', async () => {
    render(<ProofReviewQueue refresh={0} onChanged={() => {}} />);
    expect(screen.getByText('Page 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page of flagged proofs' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next page of flagged proofs' }));
    expect(proofPages.asked.at(-1)).toBe('k-older');
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Previous page of flagged proofs' }));
    expect(proofPages.asked.at(-1)).toBeNull();
  });
});
