import Pagination from 'react-bootstrap/Pagination';

interface FeedPaginationProps {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}

/** Page-number links (docs/product.md#routes-and-screens); pages appear as the member reaches them. */
export function FeedPagination({ page, pageCount, onPage }: FeedPaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Feed pages">
      <Pagination className="flex-wrap">
        {Array.from({ length: pageCount }, (_, index) => index + 1).map((number) => (
          <Pagination.Item
            key={number}
            active={number === page}
            aria-label={`Page ${number}`}
            aria-current={number === page ? 'page' : undefined}
            onClick={() => onPage(number)}
          >
            {number}
          </Pagination.Item>
        ))}
      </Pagination>
    </nav>
  );
}
