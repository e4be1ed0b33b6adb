/**
 * A searchable multi-select of the languages translation settings accept: the chosen ones as removable chips, a
 * search field (a combobox) over an always-visible list box of every language by readable name. Keyboard: type to
 * filter, ↑/↓ to move, Enter to pick or drop the highlighted language, Backspace in an empty search to drop the
 * last chip, Escape to clear the search.
 */
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import type { TranslationLanguageCode } from '../../../../shared/contract/resources/translations.ts';
import { cx } from '../../ui/cx.ts';
import { filterLanguages, languageName, languageOptions } from './languages.ts';

/** Props of `LanguagePicker`. */
export interface LanguagePickerProps {
  value: readonly TranslationLanguageCode[];
  onChange: (value: TranslationLanguageCode[]) => void;
  error?: string | undefined;
  disabled?: boolean;
}

/** The language picker, labelled “Languages”. */
export function LanguagePicker({ value, onChange, error, disabled = false }: LanguagePickerProps) {
  const id = useId();
  const options = useMemo(() => languageOptions(), []);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const shown = useMemo(() => filterLanguages(options, query), [options, query]);
  const activeIndex = Math.min(active, shown.length - 1);
  const activeOption = activeIndex >= 0 ? shown[activeIndex] : undefined;
  const optionId = (code: string) => `${id}-option-${code}`;

  const toggle = (code: TranslationLanguageCode) =>
    onChange(value.includes(code) ? value.filter((chosen) => chosen !== code) : [...value, code]);

  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(shown.length - 1, index));
    setActive(next);
    const option = shown[next];
    if (option !== undefined)
      document.getElementById(optionId(option.code))?.scrollIntoView({ block: 'nearest' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        moveTo(activeIndex + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        moveTo(activeIndex - 1);
        break;
      case 'PageDown':
        event.preventDefault();
        moveTo(activeIndex + 8);
        break;
      case 'PageUp':
        event.preventDefault();
        moveTo(activeIndex - 8);
        break;
      case 'Enter':
        event.preventDefault();
        if (activeOption !== undefined) toggle(activeOption.code);
        break;
      case 'Escape':
        if (query !== '') {
          // Clears the search; a second Escape reaches the dialog around.
          event.preventDefault();
          event.stopPropagation();
          setQuery('');
          setActive(0);
        }
        break;
      case 'Backspace':
        if (query === '' && value.length > 0) onChange(value.slice(0, -1));
        break;
      default:
    }
  };

  return (
    <div className="field lang-picker" data-testid="language-picker">
      <label className="field-label" htmlFor={`${id}-search`}>
        Languages
      </label>
      <p id={`${id}-hint`} className="field-hint">
        The languages the content is translated into. Type to search, ↑ ↓ to move, Enter to pick or drop.
      </p>
      <LanguageChips value={value} onRemove={toggle} disabled={disabled} />
      <input
        id={`${id}-search`}
        className="input"
        role="combobox"
        aria-expanded="true"
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={activeOption !== undefined ? optionId(activeOption.code) : undefined}
        aria-describedby={cx(`${id}-hint`, error !== undefined && `${id}-error`)}
        aria-invalid={error !== undefined || undefined}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        placeholder="Search languages"
        autoComplete="off"
        spellCheck={false}
        disabled={disabled}
        data-testid="language-search"
      />
      <ul
        id={`${id}-list`}
        className="lang-list"
        role="listbox"
        aria-multiselectable="true"
        aria-label="Languages"
        data-testid="language-list"
      >
        {shown.map((option, index) => {
          const selected = value.includes(option.code);
          return (
            <li
              key={option.code}
              id={optionId(option.code)}
              role="option"
              aria-selected={selected}
              className={cx('lang-option', index === activeIndex && 'lang-option-active')}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                if (disabled) return;
                setActive(index);
                toggle(option.code);
              }}
              data-testid="language-option"
              data-code={option.code}
            >
              <span className={cx('lang-check', selected && 'lang-check-on')} aria-hidden="true">
                {selected ? '✓' : ''}
              </span>
              <span>{option.name}</span>
              <span className="lang-code">{option.code}</span>
            </li>
          );
        })}
      </ul>
      {shown.length === 0 && <p className="lang-none">No language matches “{query.trim()}”.</p>}
      <p className="visually-hidden" aria-live="polite">
        {`${value.length} ${value.length === 1 ? 'language' : 'languages'} chosen`}
      </p>
      {error !== undefined && (
        <p id={`${id}-error`} className="field-error" data-testid="field-error-languages">
          {error}
        </p>
      )}
    </div>
  );
}

/** The chosen languages as chips, each with its remove button (nothing while none is chosen). */
function LanguageChips({
  value,
  onRemove,
  disabled,
}: {
  value: readonly TranslationLanguageCode[];
  onRemove: (code: TranslationLanguageCode) => void;
  disabled: boolean;
}) {
  if (value.length === 0) return null;
  return (
    <ul className="lang-chips" aria-label="Chosen languages" data-testid="language-chips">
      {value.map((code) => (
        <li key={code} className="lang-chip" data-testid="language-chip" data-code={code}>
          <span>{languageName(code)}</span>
          <span className="lang-code">{code}</span>
          <button
            type="button"
            className="lang-chip-remove"
            onClick={() => onRemove(code)}
            disabled={disabled}
            aria-label={`Remove ${languageName(code)}`}
            data-testid="language-remove"
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
