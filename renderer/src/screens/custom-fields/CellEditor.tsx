/**
 * The input of a cell being edited: Enter saves and moves down (Shift+Enter up), Tab right (Shift+Tab left),
 * Escape gives up, leaving the cell (a click elsewhere) saves. Choices are offered from the field's options.
 */
import { useId, useRef, type KeyboardEvent } from 'react';
import type { CustomField } from '../../../../shared/contract/resources/customFields.ts';
import type { MoveKey } from './block.ts';
import { typeHint } from './cellValues.ts';

/** How an edit ends: a move of the cursor, staying (`undefined`), or the focus leaving the grid (`blur`). */
export type EditorExit = MoveKey | 'Tab' | 'ShiftTab' | 'blur' | undefined;

/** Props of `CellEditor`. */
export interface CellEditorProps {
  field: CustomField;
  spaceTitle: string;
  initial: string;
  /** The text to save (undefined: given up), and where to go next (`blur`: the focus went elsewhere). */
  onDone: (text: string | undefined, move: EditorExit) => void;
}

/** The editor; mounted while a cell is edited. */
export function CellEditor({ field, spaceTitle, initial, onDone }: CellEditorProps) {
  const listId = useId();
  const done = useRef(false);
  const finish = (text: string | undefined, move: EditorExit) => {
    if (done.current) return;
    done.current = true;
    onDone(text, move);
  };
  const choices =
    field.type === 'boolean' ? ['yes', 'no'] : field.type === 'select:single' ? (field.options ?? []) : [];

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    if (event.key === 'Enter') {
      event.preventDefault();
      finish(value, event.shiftKey ? 'ArrowUp' : 'ArrowDown');
    } else if (event.key === 'Tab') {
      event.preventDefault();
      finish(value, event.shiftKey ? 'ShiftTab' : 'Tab');
    } else if (event.key === 'Escape') {
      event.preventDefault();
      finish(undefined, undefined);
    }
    // Keys stay in the input (arrows move the caret, not the cursor of the grid).
    event.stopPropagation();
  };

  return (
    <>
      <input
        ref={(input) => {
          if (input === null || input === document.activeElement) return;
          input.focus({ preventScroll: true });
          input.setSelectionRange(input.value.length, input.value.length);
        }}
        className="cf-editor"
        defaultValue={initial}
        aria-label={`${field.title} of ${spaceTitle}`}
        title={typeHint(field)}
        list={choices.length > 0 ? listId : undefined}
        autoComplete="off"
        spellCheck={false}
        onKeyDown={onKeyDown}
        onBlur={(event) => finish(event.currentTarget.value, 'blur')}
        data-testid="cf-editor"
      />
      {choices.length > 0 && (
        <datalist id={listId}>
          {choices.map((choice) => (
            <option key={choice} value={choice} />
          ))}
        </datalist>
      )}
    </>
  );
}
