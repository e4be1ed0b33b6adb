/** The mapping, edited as YAML in the screen (the same text a file holds), with its problems as it is typed. */
import { useId } from 'react';

export function MappingField({
  text,
  problems,
  onChange,
  disabled,
}: {
  text: string;
  problems: readonly string[];
  onChange: (text: string) => void;
  disabled: boolean;
}) {
  const id = useId();
  return (
    <section className="directory-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>2. The mapping</h2>
      <div className="field">
        <label className="field-label" htmlFor={id}>
          Groups to teams and roles (YAML)
        </label>
        <textarea
          id={id}
          className="input directory-mapping"
          rows={12}
          spellCheck={false}
          value={text}
          disabled={disabled}
          aria-invalid={problems.length > 0 || undefined}
          aria-describedby={`${id}-hint${problems.length > 0 ? ` ${id}-problems` : ''}`}
          onChange={(event) => onChange(event.target.value)}
          data-testid="directory-mapping"
        />
        <p id={`${id}-hint`} className="field-hint">
          Groups by name (Okta, Entra ID) or email (Google Workspace); “/Unit” is a Google org unit. absent:
          remove, leave or guest.
        </p>
        {problems.length > 0 && (
          <ul id={`${id}-problems`} className="field-error" data-testid="directory-mapping-problems">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
