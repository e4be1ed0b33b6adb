/**
 * The inbox's pure parts: the status filters and their words, the remembered filter (per profile), the keyboard
 * moves between rows, the "updated" times in words and the badges of a row.
 */
import type {
  ChangeRequest,
  ChangeRequestStatusValue,
} from '../../../../shared/contract/resources/changeRequests.ts';
import type { MergeCheck } from '../../queries/changeRequests.ts';

/** The status filters, in the order the inbox shows them. */
export const STATUS_FILTERS = [
  'open',
  'draft',
  'merged',
  'archived',
] as const satisfies readonly ChangeRequestStatusValue[];

/** A status in words. */
export const STATUS_LABELS: Record<ChangeRequestStatusValue, string> = {
  open: 'Open',
  draft: 'Draft',
  merged: 'Merged',
  archived: 'Archived',
};

/** What an empty list says, per status. */
export function emptyListTitle(status: ChangeRequestStatusValue): string {
  return `No ${status === 'open' ? 'open' : status} change requests`;
}

/** Whether a value is a status. */
export function isStatus(value: unknown): value is ChangeRequestStatusValue {
  return typeof value === 'string' && (STATUS_FILTERS as readonly string[]).includes(value);
}

const FILTER_PREFIX = 'docs-admin.inboxStatus.';

/** The status filter used last with a profile (a UI preference), or `open`. */
export function readStatusFilter(profileId: string): ChangeRequestStatusValue {
  try {
    const stored = localStorage.getItem(FILTER_PREFIX + profileId);
    return isStatus(stored) ? stored : 'open';
  } catch {
    return 'open';
  }
}

/** Remembers the status filter of a profile. */
export function rememberStatusFilter(profileId: string, status: ChangeRequestStatusValue): void {
  try {
    localStorage.setItem(FILTER_PREFIX + profileId, status);
  } catch {
    // Storage can be disabled: the filter then lasts for this screen only.
  }
}

/** The row a key moves the focus to (arrows, Home, End, Page Up/Down), or undefined when the key is not a move. */
export function nextRow(key: string, index: number, count: number, pageSize = 10): number | undefined {
  if (count === 0) return undefined;
  const last = count - 1;
  switch (key) {
    case 'ArrowDown':
      return Math.min(index + 1, last);
    case 'ArrowUp':
      return Math.max(index - 1, 0);
    case 'Home':
      return 0;
    case 'End':
      return last;
    case 'PageDown':
      return Math.min(index + pageSize, last);
    case 'PageUp':
      return Math.max(index - pageSize, 0);
    default:
      return undefined;
  }
}

/** A badge of a row. */
export type RowBadge = 'outdated' | 'conflicts' | 'checking';

/**
 * The badges of a row: "Outdated" when the main content moved past the request, and for those only the merge
 * check's "Conflicts" (or "checking" while it is asked).
 */
export function rowBadges(
  request: Pick<ChangeRequest, 'outdated' | 'status'>,
  check: MergeCheck | undefined,
  checkFailed = false,
): RowBadge[] {
  if (!request.outdated || request.status === 'merged') return [];
  if (check === undefined) return checkFailed ? ['outdated'] : ['outdated', 'checking'];
  return check.conflicts.length > 0 ? ['outdated', 'conflicts'] : ['outdated'];
}
