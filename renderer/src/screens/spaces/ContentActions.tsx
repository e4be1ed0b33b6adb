/** The actions on a collection or space, shared by the content tree's context menu and the detail panel. */
import type { ReactNode } from 'react';

/** A collection or space of the content tree. */
export type ContentItemRef = { kind: 'space'; id: string } | { kind: 'collection'; id: string };

/** What a menu can ask for. */
export type ContentAction =
  | 'emoji'
  | 'defaultLevel'
  | 'lock'
  | 'unlock'
  | 'duplicate'
  | 'transfer'
  | 'delete';

/** Placeholder until the actions land: `run` opens the action's dialog (or runs it), `dialogs` renders them. */
export function useContentActions(
  _profileId: string,
  _orgId: string,
): { run(action: ContentAction, item: ContentItemRef): void; dialogs: ReactNode } {
  return { run: () => undefined, dialogs: null };
}
