import Badge from 'react-bootstrap/Badge';
import type { MealStatus } from '@/domain/constants';

const STATUS_STYLE: Record<MealStatus, { bg: string; text?: 'dark' }> = {
  Pending: { bg: 'light', text: 'dark' },
  Available: { bg: 'primary' },
  Expired: { bg: 'danger' },
  Done: { bg: 'success' },
};

export function MealStatusBadge({ status }: { status: MealStatus }) {
  const style = STATUS_STYLE[status];
  return (
    <Badge bg={style.bg} text={style.text} className={style.text ? 'border' : undefined}>
      {status}
    </Badge>
  );
}
