/**
 * The reactions of a comment or a reply: one chip per emoji with its count (pressed when the user is among those
 * who reacted; pressing toggles their own reaction) and a small menu of common emoji to add one. The menu is
 * Radix's: arrow keys move through it, Enter picks, Escape closes and gives the focus back.
 */
import type { Comment } from '../../../../../shared/contract/resources/comments.ts';
import { cx } from '../../../ui/cx.ts';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../ui/Menu.tsx';
import { hasReacted, REACTION_EMOJI, reactionLabel, reactorsText } from './logic.ts';

/** Props of `Reactions`. */
export interface ReactionsProps {
  reactions: Comment['reactions'];
  /** The user's id, once known (their chips show pressed). */
  meId: string | undefined;
  /** Whether the user may react (the item's `permissions.reply`) and who they are is known. */
  canReact: boolean;
  onToggle: (emoji: string) => void;
  /** What the reactions belong to, for the labels ("comment by Ada"). */
  of: string;
}

/** The chips and the picker. */
export function Reactions({ reactions, meId, canReact, onToggle, of }: ReactionsProps) {
  if (reactions.length === 0 && !canReact) return null;
  return (
    <div className="comment-reactions" role="group" aria-label={`Reactions to the ${of}`}>
      {reactions.map((reaction) => {
        const mine = hasReacted(reaction, meId);
        return (
          <button
            key={reaction.emoji}
            type="button"
            className={cx('reaction-chip', mine && 'is-mine')}
            aria-pressed={mine}
            aria-label={reactionLabel(reaction, mine)}
            title={reactorsText(reaction)}
            disabled={!canReact}
            onClick={() => onToggle(reaction.emoji)}
            data-testid="reaction-chip"
            data-emoji={reaction.emoji}
            data-mine={mine}
          >
            <span aria-hidden="true">{reaction.emoji}</span>
            <span className="reaction-count" aria-hidden="true">
              {reaction.count}
            </span>
          </button>
        );
      })}
      {canReact && (
        // Not modal: a modal menu hides the rest of the window with aria-hidden while its buttons stay focusable
        // (axe's aria-hidden-focus); the picker still takes the focus and Escape gives it back.
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <button
              type="button"
              className="reaction-add"
              aria-label={`Add a reaction to the ${of}`}
              title="Add a reaction"
              data-testid="reaction-add"
            >
              <span aria-hidden="true">☺+</span>
            </button>
          </DropdownMenuTrigger>
          <DropdownMenuContent className="reaction-menu" aria-label="Reactions" data-testid="reaction-menu">
            {REACTION_EMOJI.map(({ emoji, name }) => {
              const mine = reactions.some(
                (reaction) => reaction.emoji === emoji && hasReacted(reaction, meId),
              );
              return (
                <DropdownMenuItem
                  key={emoji}
                  className={cx('reaction-option', mine && 'is-mine')}
                  aria-label={mine ? `Remove your ${name} reaction` : `React with ${name}`}
                  onSelect={() => onToggle(emoji)}
                  data-testid="reaction-option"
                  data-emoji={emoji}
                >
                  <span aria-hidden="true">{emoji}</span>
                </DropdownMenuItem>
              );
            })}
          </DropdownMenuContent>
        </DropdownMenu>
      )}
    </div>
  );
}
