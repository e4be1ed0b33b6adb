/**
 * The access review as CSV: one line per item a member or a team reaches, with the level and why (the deciding
 * reason, and the whole path), for an auditor's spreadsheet. Written as the pages arrive (`ui/csvFile.ts`).
 */
import { describePath, describeReason } from '../../../../shared/access/explain.ts';
import type { AccessEntry } from '../../../../shared/contract/resources/access.ts';
import { dayStamp, fileSlug } from '../../ui/csvFile.ts';

export const ACCESS_REVIEW_COLUMNS = [
  'subjectType',
  'subjectId',
  'subject',
  'itemType',
  'itemId',
  'item',
  'level',
  'reason',
  'path',
] as const;

/** Who a line is about. */
export interface ReviewSubject {
  kind: 'member' | 'team';
  id: string;
  label: string;
}

/** One entry's cells, in `ACCESS_REVIEW_COLUMNS` order. */
export function accessReviewRow(subject: ReviewSubject, entry: AccessEntry): string[] {
  const deciding = entry.path.at(-1);
  return [
    subject.kind,
    subject.id,
    subject.label,
    entry.item.type,
    entry.item.id,
    entry.item.title,
    entry.level ?? 'none',
    deciding === undefined ? '' : describeReason(deciding),
    describePath(entry),
  ];
}

/** The file name: `access-review-<who>-<day>.csv`. */
export function accessReviewFileName(who: string, now: Date): string {
  return `access-review-${fileSlug(who, 'organization')}-${dayStamp(now)}.csv`;
}
