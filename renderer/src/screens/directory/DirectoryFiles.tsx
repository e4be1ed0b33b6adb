/**
 * The directory's CSV files: chosen in the window (several at once: a user export and group exports), each shown
 * with the format it was recognised as; an Entra ID group members file asks for its group's name.
 */
import { useRef, useState } from 'react';
import type { DirectoryInput } from '../../../../shared/orgfile/directory/read.ts';
import { FORMAT_NAMES, recogniseFormat } from '../../../../shared/orgfile/directory/formats.ts';
import { parseCsv } from '../../../../shared/csv.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';

/** The format a file's first line names, for the list (the full read happens with every file together). */
function formatOf(text: string): string {
  const firstLine = text.slice(0, 10_000).split(/\r?\n/)[0] ?? '';
  try {
    const header = parseCsv(firstLine)[0]?.cells ?? [];
    const definition = recogniseFormat(header);
    return definition === undefined ? 'not recognised' : FORMAT_NAMES[definition.format];
  } catch {
    return 'not recognised';
  }
}

export function DirectoryFiles({
  files,
  onChange,
  disabled,
}: {
  files: DirectoryInput[];
  onChange: (files: DirectoryInput[]) => void;
  disabled: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | undefined>(undefined);

  const onFiles = async (list: FileList | null) => {
    setError(undefined);
    if (list === null || list.length === 0) return;
    try {
      const read = await Promise.all(
        [...list].map(async (file) => ({ name: file.name, text: await file.text() })),
      );
      const names = new Set(read.map((file) => file.name));
      onChange([...files.filter((file) => !names.has(file.name)), ...read]);
    } catch {
      setError('A file could not be read.');
    }
    if (input.current !== null) input.current.value = '';
  };

  return (
    <section className="directory-section" aria-labelledby="directory-files-title">
      <h2 id="directory-files-title">1. The directory export</h2>
      <div className="field">
        <label className="field-label" htmlFor="directory-csv">
          CSV files from Okta, Microsoft Entra ID or Google Workspace
        </label>
        <input
          ref={input}
          id="directory-csv"
          type="file"
          accept=".csv,text/csv"
          multiple
          disabled={disabled}
          aria-describedby="directory-csv-hint"
          onChange={(event) => void onFiles(event.target.files)}
          data-testid="directory-csv"
        />
        <p id="directory-csv-hint" className="field-hint">
          A user export (its status tells who is suspended or disabled) and group exports, chosen together or
          one after another.
        </p>
        {error !== undefined && <p className="field-error">{error}</p>}
      </div>
      {files.length > 0 && (
        <table className="data-table" aria-labelledby="directory-files-title" data-testid="directory-files">
          <thead>
            <tr>
              <th scope="col">File</th>
              <th scope="col">Read as</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {files.map((file, index) => {
              const format = formatOf(file.text);
              const needsGroup = format === FORMAT_NAMES['entra-group-members'];
              return (
                <tr key={file.name} data-testid="directory-file" data-name={file.name}>
                  <td>{file.name}</td>
                  <td>
                    {format}
                    {needsGroup && (
                      <TextField
                        label={`Group of ${file.name}`}
                        value={file.group ?? file.name.replace(/\.csv$/i, '')}
                        disabled={disabled}
                        maxLength={256}
                        onChange={(event) =>
                          onChange(
                            files.map((f, i) => (i === index ? { ...f, group: event.target.value } : f)),
                          )
                        }
                        data-testid="directory-file-group"
                      />
                    )}
                  </td>
                  <td>
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={disabled}
                      aria-label={`Remove ${file.name}`}
                      onClick={() => onChange(files.filter((_, i) => i !== index))}
                    >
                      Remove
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
