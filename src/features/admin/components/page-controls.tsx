import Button from 'react-bootstrap/Button';

interface PageControlsProps {
  /** What is paged, for the buttons' accessible names (e.g. "users"). */
  subject: string;
  pageNumber: number;
  /** Known only for lists the API counts. */
  pageCount?: number;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
}

/** Previous (newer) and next (older) page of an admin list. */
export function PageControls({
  subject,
  pageNumber,
  pageCount,
  hasPrevious,
  hasNext,
  onPrevious,
  onNext,
}: PageControlsProps) {
  if (!hasPrevious && !hasNext) return null;
  return (
    <nav
      className="d-flex align-items-center justify-content-between gap-2 mt-2"
      aria-label={`Pages of ${subject}`}
    >
      {/* outline-dark: outline-secondary's grey on the page's grey fails contrast (axe, e2e). */}
      <Button
        size="sm"
        variant="outline-dark"
        disabled={!hasPrevious}
        onClick={onPrevious}
        aria-label={`Previous page of ${subject}`}
      >
        ‹ Previous
      </Button>
      <span className="small text-body-secondary">
        Page {pageNumber}
        {pageCount !== undefined && ` of ${pageCount}`}
      </span>
      <Button
        size="sm"
        variant="outline-dark"
        disabled={!hasNext}
        onClick={onNext}
        aria-label={`Next page of ${subject}`}
      >
        Next ›
      </Button>
    </nav>
  );
}
