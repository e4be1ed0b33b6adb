/** The CSV file input of email invites: reads the file in the window and parses it there. */
import { useRef, useState } from 'react';
import { CsvError } from '../../../../shared/csv.ts';
import { Button } from '../../ui/Button.tsx';
import { readInviteCsv, type ParsedEntries } from './addresses.ts';

/** A file chosen and parsed, or nothing. */
export interface CsvChoice {
  name: string;
  parsed: ParsedEntries;
}

/** Picks a CSV (columns `email` and optional `role`, header optional) and hands back its entries. */
export function CsvPicker({
  choice,
  onChoice,
  disabled,
}: {
  choice: CsvChoice | undefined;
  onChoice: (choice: CsvChoice | undefined) => void;
  disabled: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | undefined>();

  const onFile = async (file: File | undefined) => {
    setError(undefined);
    if (file === undefined) return;
    try {
      onChoice({ name: file.name, parsed: readInviteCsv(await file.text()) });
    } catch (error) {
      // A file past the parser's limits says where (`line 200001: the file has more than 200,000 records`).
      setError(`“${file.name}” could not be read${error instanceof CsvError ? `: ${error.message}` : ''}.`);
    }
  };

  const clear = () => {
    if (input.current !== null) input.current.value = '';
    onChoice(undefined);
  };

  return (
    <div className="field">
      <label className="field-label" htmlFor="email-invites-csv">
        Or import a CSV file
      </label>
      <div className="inline-form">
        <input
          ref={input}
          id="email-invites-csv"
          type="file"
          accept=".csv,text/csv"
          disabled={disabled}
          aria-describedby="email-invites-csv-hint"
          onChange={(event) => void onFile(event.target.files?.[0])}
          data-testid="email-invites-csv"
        />
        {choice !== undefined && (
          <Button size="sm" variant="ghost" onClick={clear} disabled={disabled}>
            Remove file
          </Button>
        )}
      </div>
      <p id="email-invites-csv-hint" className="field-hint">
        {choice !== undefined
          ? `${choice.name}: ${choice.parsed.entries.length} addresses, ${choice.parsed.invalid.length} rows with problems.`
          : 'Columns email and, optionally, role (admin, create, review, edit, comment, read or guest). A header row is optional.'}
      </p>
      {error !== undefined && <p className="field-error">{error}</p>}
    </div>
  );
}
