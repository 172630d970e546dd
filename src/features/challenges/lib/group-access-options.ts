import type { GroupAccess } from '@domain/challenges/group-records';

/** The three answers to "Who can join" (docs/product.md, "Group challenges"), in the order shown. */
export const GROUP_ACCESS_OPTIONS: ReadonlyArray<{ value: GroupAccess; label: string }> = [
  { value: 'solo', label: 'Only me' },
  { value: 'link', label: 'Anyone with the link' },
  { value: 'feed', label: 'Anyone from the feed' },
];
