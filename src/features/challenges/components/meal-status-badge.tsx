import type { MealStatus } from '@domain/constants';
import { proofReviewLabel } from '@domain/challenges/meal-status';
import type { ProofReview } from '@domain/challenges/proof-review';

const STATUS_STYLE: Record<MealStatus, { bg: string; text?: 'dark' }> = {
  Pending: { bg: 'light', text: 'dark' },
  Available: { bg: 'primary' },
  Expired: { bg: 'danger' },
  Done: { bg: 'success' },
};

const REVIEW_STYLE = {
  'Under review': { bg: 'warning', text: 'dark' },
  Rejected: { bg: 'danger' },
} as const;

/**
 * The meal's state; a proof an admin must look at reads "Under review" (it earns nothing yet), a
 * rejected one "Rejected" with the admin's reason (docs/product.md#meal-proofs).
 */
export function MealStatusBadge({
  status,
  review,
}: {
  status: MealStatus;
  review?: Pick<ProofReview, 'state' | 'rejectedReason'>;
}) {
  const reviewLabel = proofReviewLabel({ status, review });
  const label = reviewLabel ?? status;
  const style: { bg: string; text?: 'dark' } = reviewLabel
    ? REVIEW_STYLE[reviewLabel]
    : STATUS_STYLE[status];
  return (
    <>
      <span className={`badge bg-${style.bg}${style.text ? ` text-${style.text} border` : ''}`}>
        {label}
      </span>
      {reviewLabel === 'Under review' && (
        <div className="small text-body-secondary mt-1">
          An admin is checking this photo; it earns points once approved.
        </div>
      )}
      {reviewLabel === 'Rejected' && review?.rejectedReason && (
        <div className="small text-danger-emphasis mt-1">Reason: {review.rejectedReason}</div>
      )}
    </>
  );
}
