/** An emoji picker: a text field taking any emoji, and a grid of common ones moved through with the arrow keys. */
import { useRef, useState, type KeyboardEvent } from 'react';
import { cx } from '../cx.ts';
import { TextField } from '../TextField.tsx';
import { gridMove } from './emojiGrid.ts';

/** The emoji offered in the grid. */
// prettier-ignore
export const COMMON_EMOJI = [
  '📘', '📗', '📕', '📙', '📓', '📒', '📄', '📝',
  '📚', '🗂️', '📁', '🗃️', '📌', '📎', '🔖', '🏷️',
  '🚀', '⚙️', '🛠️', '🔧', '🔒', '🔑', '🧩', '🧪',
  '💡', '✨', '⭐', '🔥', '✅', '❗', '❓', '💬',
  '🌍', '🏠', '👋', '🎯', '📈', '🧭', '🤖', '🎨',
] as const;

/** Columns of the grid (the arrow keys move by this much up and down). */
export const EMOJI_COLUMNS = 8;

const rows: string[][] = [];
for (let at = 0; at < COMMON_EMOJI.length; at += EMOJI_COLUMNS)
  rows.push(COMMON_EMOJI.slice(at, at + EMOJI_COLUMNS));

/** Props of `EmojiPicker`. */
export interface EmojiPickerProps {
  value: string;
  onChange: (emoji: string) => void;
  error?: string | undefined;
}

/** The text field and the grid; picking in the grid fills the field. */
export function EmojiPicker({ value, onChange, error }: EmojiPickerProps) {
  const [active, setActive] = useState(() => Math.max(0, (COMMON_EMOJI as readonly string[]).indexOf(value)));
  const cells = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = gridMove(active, event.key, COMMON_EMOJI.length, EMOJI_COLUMNS);
    if (next === undefined) return;
    event.preventDefault();
    setActive(next);
    cells.current[next]?.focus();
  };

  return (
    <div className="emoji-picker">
      <TextField
        label="Emoji"
        hint="Type or paste any emoji, pick one below, or leave empty for none."
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={error}
        autoComplete="off"
        spellCheck={false}
        className="emoji-input"
        data-testid="emoji-input"
      />
      <div role="grid" aria-label="Common emoji" className="emoji-grid" onKeyDown={onKeyDown}>
        {rows.map((row, rowIndex) => (
          <div role="row" className="emoji-row" key={rowIndex}>
            {row.map((emoji, column) => {
              const index = rowIndex * EMOJI_COLUMNS + column;
              return (
                <button
                  key={emoji}
                  ref={(element) => {
                    cells.current[index] = element;
                  }}
                  type="button"
                  role="gridcell"
                  className={cx('emoji-cell', value === emoji && 'is-selected')}
                  aria-selected={value === emoji}
                  tabIndex={index === active ? 0 : -1}
                  onFocus={() => setActive(index)}
                  onClick={() => onChange(emoji)}
                  data-testid="emoji-option"
                >
                  {emoji}
                </button>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}
