/** The palette's entries and steps: what a result is, and which follow-up list an action opens. UI types only. */
import type { Role } from '../../../../shared/contract/common.ts';
import { fromRoleValue, roleLabel, ROLE_VALUES } from '../../ui/roles.ts';

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

/** The roles by GitBook's names (the UI kit's one vocabulary), most powerful first, then guest (`null`). */
export const ROLE_CHOICES: readonly { role: Role | null; label: string }[] = ROLE_VALUES.map((value) => ({
  role: fromRoleValue(value),
  label: roleLabel(value),
}));

/** Whether text looks like one email address (the palette then offers to invite it). */
export function looksLikeEmail(text: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text.trim());
}
