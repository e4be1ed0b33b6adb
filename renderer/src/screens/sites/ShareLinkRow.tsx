/** One share link of a site, as a table row: the name edits in place, the switch turns it on and off, copy, delete. */
import { useMutation } from '@tanstack/react-query';
import { useState, type KeyboardEvent } from 'react';
import type { ShareLink } from '../../../../shared/contract/resources/sites.ts';
import { Button } from '../../ui/Button.tsx';
import { formatDate } from '../../ui/time.ts';

/** A link's name as shown. */
export function label(link: ShareLink): string {
  return link.name === undefined || link.name === '' ? 'Unnamed link' : link.name;
}

/** Props of `ShareLinkRow`. */
interface ShareLinkRowProps {
  link: ShareLink;
  readOnly: boolean;
  busy: boolean;
  onActive: (active: boolean) => void;
  /** Saves a new name; answers the problem to show, or undefined once saved. */
  onRename: (name: string) => Promise<string | undefined>;
  onCopy: (url: string) => void;
  onDelete: () => void;
}

/** One link: the name edits in place (Enter saves, Escape puts it back). */
export function ShareLinkRow({
  link,
  readOnly,
  busy,
  onActive,
  onRename,
  onCopy,
  onDelete,
}: ShareLinkRowProps) {
  const saved = link.name ?? '';
  const [name, setName] = useState(saved);
  const [error, setError] = useState<string | undefined>();
  const rename = useMutation({
    mutationFn: onRename,
    onSuccess: (problem) => setError(problem),
  });
  const saving = rename.isPending;
  const active = link.active !== false;
  const url = link.urls?.published;

  const save = () => {
    const next = name.trim();
    if (next === saved) return setName(saved);
    rename.mutate(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      save();
    } else if (event.key === 'Escape' && name !== saved) {
      event.stopPropagation();
      setName(saved);
      setError(undefined);
    }
  };

  return (
    <tr data-testid="share-link-row" data-id={link.id} data-name={saved} data-active={String(active)}>
      <td>
        <input
          className="input share-link-name"
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setError(undefined);
          }}
          onKeyDown={onKeyDown}
          onBlur={save}
          readOnly={readOnly}
          disabled={saving}
          aria-label={`Name of share link ${label(link)}`}
          aria-invalid={error !== undefined || undefined}
          data-testid="share-link-name"
        />
        {error !== undefined && (
          <p className="field-error" role="alert" data-testid="share-link-rename-error">
            {error}
          </p>
        )}
      </td>
      <td>{formatDate(link.createdAt)}</td>
      <td>
        <label className="details-switch">
          <input
            type="checkbox"
            role="switch"
            className="switch"
            checked={active}
            disabled={readOnly || busy}
            onChange={(event) => onActive(event.target.checked)}
            aria-label={`${label(link)} is active`}
            data-testid="share-link-active"
          />
          <span>{active ? 'On' : 'Off'}</span>
        </label>
      </td>
      <td>
        {url !== undefined ? (
          <a
            href={url}
            target="_blank"
            rel="noreferrer"
            className="share-link-url"
            data-testid="share-link-url"
          >
            <code>{url}</code>
          </a>
        ) : (
          <span className="muted">Publish the site to get the address</span>
        )}
      </td>
      <td>
        <div className="row-actions">
          <Button
            size="sm"
            onClick={() => url !== undefined && onCopy(url)}
            disabled={url === undefined}
            aria-label={`Copy the address of ${label(link)}`}
            data-testid="share-link-copy"
          >
            Copy
          </Button>
          {!readOnly && (
            <Button
              size="sm"
              variant="ghost"
              className="btn-ghost-danger"
              onClick={onDelete}
              disabled={busy}
              aria-label={`Delete ${label(link)}`}
              data-testid="share-link-delete"
            >
              Delete
            </Button>
          )}
        </div>
      </td>
    </tr>
  );
}
