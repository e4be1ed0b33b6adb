/**
 * A button that shows a value and opens a menu of choices: nothing changes until a choice is made with a click or
 * Enter (arrow keys only move the highlight), unlike a native select whose value follows the arrow keys.
 */
import { DropdownMenuLabel, DropdownMenuRadioGroup, DropdownMenuRadioItem } from './Menu.tsx';
import { cx } from './cx.ts';
import { LazyMenu } from './LazyMenu.tsx';

/** One choice of the menu. */
export interface Choice<V extends string> {
  value: V;
  label: string;
  /** Why it cannot be chosen now; shown beside it. */
  blocked?: string | undefined;
}

/** Props of `ChoiceMenu`. */
export interface ChoiceMenuProps<V extends string> {
  /** What the value is, e.g. "Role of Ada Lovelace": the button's name is this, then the current choice. */
  label: string;
  value: V;
  choices: readonly Choice<V>[];
  /** Called with a choice other than the current one, once it is chosen. */
  onChoose: (value: V) => void;
  /** A line above the choices (e.g. a rule that limits them). */
  note?: string | undefined;
  disabled?: boolean;
  pending?: boolean;
  testId?: string;
  tabIndex?: number;
  className?: string;
}

/** The button and, once used, its menu. */
export function ChoiceMenu<V extends string>(props: ChoiceMenuProps<V>) {
  const { label, value, choices, onChoose, note, pending = false } = props;
  const current = choices.find((choice) => choice.value === value)?.label ?? value;
  return (
    <LazyMenu
      label={`${label}: ${current}`}
      testId={props.testId ?? 'choice-menu'}
      className={cx('btn btn-secondary btn-sm choice-menu-button', props.className)}
      {...(props.tabIndex !== undefined ? { tabIndex: props.tabIndex } : {})}
      align="start"
      disabled={props.disabled === true || pending}
      buttonProps={{ 'aria-busy': pending || undefined, 'data-value': value }}
      content={
        <>
          <span className="choice-menu-value">{current}</span>
          <span className="choice-menu-chevron" aria-hidden="true">
            ▾
          </span>
        </>
      }
      items={() => (
        <>
          {note !== undefined && <DropdownMenuLabel className="menu-note">{note}</DropdownMenuLabel>}
          <DropdownMenuRadioGroup
            value={value}
            onValueChange={(next) => {
              const chosen = choices.find((choice) => choice.value === next);
              if (chosen !== undefined && chosen.value !== value && chosen.blocked === undefined)
                onChoose(chosen.value);
            }}
          >
            {choices.map((choice) => (
              <DropdownMenuRadioItem
                key={choice.value}
                value={choice.value}
                disabled={choice.blocked !== undefined}
                data-testid="choice-menu-item"
                data-value={choice.value}
              >
                <span className="menu-item-text">{choice.label}</span>
                {choice.blocked !== undefined && <span className="menu-item-hint">{choice.blocked}</span>}
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
        </>
      )}
    />
  );
}
