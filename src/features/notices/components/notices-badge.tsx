import { newNoticesText } from '../api/notice-text';

/**
 * The count in words, visually hidden, for the controls that carry the badge to point to (aria-describedby): their
 * own names stay as they are.
 */
export function NewNoticesText({ count, id }: { count: number; id: string }) {
  if (count <= 0) return null;
  return (
    <span id={id} className="visually-hidden">
      {newNoticesText(count)}
    </span>
  );
}

/** The count of new cheers and nudges as a red pill; hidden from assistive technology (NewNoticesText says it). */
export function NoticesBadge({ count, className = '' }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span className={`badge rounded-pill text-bg-danger ${className}`} aria-hidden="true">
      {count > 9 ? '9+' : count}
    </span>
  );
}
