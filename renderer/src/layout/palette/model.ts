/** The palette's entries and steps: what a result is, and which follow-up list an action opens. UI types only. */
import type { Role } from '../../../../shared/contract/common.ts';

/** What a result stands for (shown beside it). */
export type EntryKind =
  | 'Action'
  | 'Screen'
  | 'Organization'
  | 'Profile'
  | 'Theme'
  | 'Member'
  | 'Team'
  | 'Space'
  | 'Collection'
  | 'Site'
  | 'Change request'
  | 'Invite';

/** A follow-up list an entry opens instead of running at once. */
export type PaletteStep =
  | { kind: 'actions'; title: string; entries: PaletteEntry[] }
  | { kind: 'role'; userId: string; name: string; current: Role | null }
  | { kind: 'team'; userId: string; name: string }
  | { kind: 'move'; item: { kind: 'space' | 'collection'; id: string; title: string } }
  | { kind: 'invite'; email: string };

/** One row of the palette. */
export interface PaletteEntry {
  id: string;
  kind: EntryKind;
  label: string;
  /** A second line: an email, a space, a status. */
  detail?: string;
  keywords?: string[];
  /** Runs, and the palette closes … */
  run?: () => void;
  /** … or opens this list. */
  next?: PaletteStep;
}

/** GitBook's names of the roles, most powerful first, then guest (`null`). */
export const ROLE_CHOICES: readonly { role: Role | null; label: string }[] = [
  { role: 'admin', label: 'Admin' },
  { role: 'create', label: 'Creator' },
  { role: 'review', label: 'Reviewer' },
  { role: 'edit', label: 'Editor' },
  { role: 'comment', label: 'Commenter' },
  { role: 'read', label: 'Reader' },
  { role: null, label: 'Guest' },
];

/** The name of a role (or guest). */
export function roleName(role: Role | null): string {
  return ROLE_CHOICES.find((choice) => choice.role === role)?.label ?? 'Guest';
}

/** Whether text looks like one email address (the palette then offers to invite it). */
export function looksLikeEmail(text: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text.trim());
}
