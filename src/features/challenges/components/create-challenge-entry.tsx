import { CreateChallengeButton } from './create-challenge-button';

/**
 * The phone's way into creating a challenge: on small screens the sidebar (and its banner) sits below the whole
 * page, so this slim bar stands above it (docs/product.md#routes-and-screens).
 */
export function CreateChallengeEntry() {
  return (
    <section
      className="d-flex align-items-center justify-content-between gap-2 rounded-3 border bg-success-subtle px-3 py-2"
      aria-label="Start a challenge"
    >
      {/* One short line at 375 px, so the bar keeps the height the layout reserves for it. */}
      <p className="small fw-semibold text-success-emphasis mb-0">Eat to your goal</p>
      <CreateChallengeButton variant="success" size="sm" className="text-nowrap">
        Start a Challenge
      </CreateChallengeButton>
    </section>
  );
}
