import type { NoticeRecord } from '@domain/challenges/group-records';
import { mealKeyLabel } from '@domain/challenges/meal-key';

/** What the list says of a notice (docs/product.md, "Group challenges"). */
export function noticeText(notice: NoticeRecord): string {
  const name = notice.fromName || 'A member';
  const meal = mealKeyLabel(String(notice.meal));
  return notice.kind === 'nudge'
    ? `${name} nudged you: your ${meal} in ${notice.title} is open`
    : `${name} cheered your ${meal} in ${notice.title}`;
}

/** Notices newer than the member's last look at the list. */
export function countNewNotices(notices: Array<{ value: NoticeRecord }>, seenAt: number | null) {
  return notices.filter(({ value }) => typeof value?.at === 'number' && value.at > (seenAt ?? 0))
    .length;
}

/** What the badge reads to assistive technology: "1 new notice", "3 new notices". */
export const newNoticesText = (count: number) =>
  count === 1 ? '1 new notice' : `${count} new notices`;
