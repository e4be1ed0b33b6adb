/**
 * What a change request's status allows: the status actions of its header, and the merge box's verdict from the
 * merge check. Pure, so the words and the rules are tested without a screen.
 */
import type {
  ChangeRequest,
  ChangeRequestStatusValue,
} from '../../../../shared/contract/resources/changeRequests.ts';
import type { MergeCheck } from '../../queries/changeRequests.ts';

/** A status change offered in the header. */
export interface StatusAction {
  id: 'ready' | 'draft' | 'archive' | 'reopen';
  label: string;
  /** The status it sets. */
  to: 'open' | 'draft' | 'archived';
  /** Said to the user once it worked. */
  done: string;
}

const READY: StatusAction = {
  id: 'ready',
  label: 'Mark ready for review',
  to: 'open',
  done: 'is ready for review',
};
const DRAFT: StatusAction = { id: 'draft', label: 'Convert to draft', to: 'draft', done: 'is a draft again' };
const ARCHIVE: StatusAction = { id: 'archive', label: 'Archive', to: 'archived', done: 'is archived' };
const REOPEN: StatusAction = { id: 'reopen', label: 'Reopen', to: 'open', done: 'is open again' };

/** The status actions of a request in a status (none once merged: a merge cannot be undone). */
export function statusActions(status: ChangeRequestStatusValue): StatusAction[] {
  switch (status) {
    case 'draft':
      return [READY, ARCHIVE];
    case 'open':
      return [DRAFT, ARCHIVE];
    case 'archived':
      return [REOPEN];
    case 'merged':
      return [];
  }
}

/** The merge box's verdict. */
export interface MergeVerdict {
  tone: 'success' | 'warning' | 'error' | 'info';
  title: string;
  detail: string;
  /** Whether the Merge button is offered enabled. */
  canMerge: boolean;
  /** Whether "Update from main" is offered. */
  canUpdate: boolean;
}

function pages(count: number): string {
  return `${count} page${count === 1 ? '' : 's'}`;
}

/** What the merge box says for a request and its merge check. */
export function mergeVerdict(
  request: Pick<ChangeRequest, 'status' | 'outdated'>,
  check: MergeCheck,
): MergeVerdict {
  const conflicts = check.conflicts.length;
  if (request.status === 'merged')
    return {
      tone: 'info',
      title: 'Merged',
      detail:
        'This change request is part of the main content. A merge cannot be undone: to revert it, open a new change request.',
      canMerge: false,
      canUpdate: false,
    };
  if (conflicts > 0)
    return {
      tone: 'error',
      title: `${pages(conflicts)} conflict${conflicts === 1 ? 's' : ''} with the main content`,
      detail:
        'Since this request started, the main content changed the same lines, so it can neither merge nor update. What to do: compare both sides of each page below, then edit those pages in this change request (in the platform’s editor) to keep what both need. The check runs again when you come back.',
      canMerge: false,
      canUpdate: false,
    };
  if (request.status === 'archived')
    return {
      tone: 'info',
      title: 'Archived',
      detail: 'Reopen this change request to merge it.',
      canMerge: false,
      canUpdate: false,
    };
  const outdated = check.outdated || request.outdated;
  if (request.status === 'draft')
    return {
      tone: 'info',
      title: outdated ? 'Draft; the main content has changed since it started' : 'Draft',
      detail: outdated
        ? 'Update it from main, then mark it ready for review before merging.'
        : 'Mark it ready for review before merging.',
      canMerge: false,
      canUpdate: outdated,
    };
  if (outdated)
    return {
      tone: 'warning',
      title: 'The main content has changed since this request started',
      detail: 'There are no conflicts. Merge it as it is, or first update it from main to review the result.',
      canMerge: check.mergeable,
      canUpdate: true,
    };
  return {
    tone: 'success',
    title: 'Up to date, no conflicts: ready to merge',
    detail: 'Merging puts these changes into the main content at once.',
    canMerge: check.mergeable,
    canUpdate: false,
  };
}
