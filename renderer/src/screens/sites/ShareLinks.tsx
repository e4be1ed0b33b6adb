/**
 * The share links of a site: create one with a name, rename in place, turn on and off, copy its address, delete
 * with a confirmation. Links only open `share-link` sites, which the section says when the site is not one.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Value } from '@sinclair/typebox/value';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { displayTextMessage } from '../../../../shared/contract/display-text.ts';
import { ShareLinkName, type ShareLink, type Site } from '../../../../shared/contract/resources/sites.ts';
import { errorMessage } from '../../bridge/errors.ts';
import { profileLabel, useActiveProfile } from '../../layout/activeProfile.ts';
import { ErrorState } from '../../layout/ErrorState.tsx';
import { shareLinkActions, shareLinksQuery } from '../../queries/sites.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/Dialog.tsx';
import { Banner, EmptyState, Skeleton } from '../../ui/Feedback.tsx';
import { toast } from '../../ui/Toast.tsx';
import { copyText } from '../../ui/copy/copy.ts';
import { CopyFallback } from '../../ui/copy/CopyFallback.tsx';
import { formatDate } from '../../ui/time.ts';

const NAME_MAX = ShareLinkName.maxLength ?? 50;

/** A share link name's problem, if any. */
function nameProblem(name: string): string | undefined {
  if (name === '') return 'Name the link, e.g. after who receives it.';
  if (!Value.Check(ShareLinkName, name))
    return (
      displayTextMessage('The name', ShareLinkName, name) ?? `A name can have at most ${NAME_MAX} characters.`
    );
  return undefined;
}

/** Props of `ShareLinks`. */
export interface ShareLinksProps {
  profileId: string;
  orgId: string;
  site: Site;
  readOnly: boolean;
}

/** The share links section. */
export function ShareLinks({ profileId, orgId, site, readOnly }: ShareLinksProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const { profile } = useActiveProfile();
  const links = useQuery(shareLinksQuery(profileId, orgId, site.id));
  const actions = shareLinkActions(queryClient, profileId, orgId, site.id);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [creating, setCreating] = useState(false);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [deleting, setDeleting] = useState<ShareLink | undefined>();
  const [deletePending, setDeletePending] = useState(false);
  const [fallback, setFallback] = useState<string | undefined>();

  const withBusy = async (linkId: string, work: () => Promise<void>) => {
    setBusy((old) => new Set(old).add(linkId));
    try {
      await work();
    } finally {
      setBusy((old) => {
        const next = new Set(old);
        next.delete(linkId);
        return next;
      });
    }
  };

  const onCreate = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    const problem = nameProblem(trimmed);
    setNameError(problem);
    if (problem !== undefined) return;
    setCreating(true);
    try {
      const link = await actions.create(trimmed);
      setName('');
      toast({ title: `Share link “${link.name ?? trimmed}” created`, tone: 'success' });
    } catch (failure) {
      setNameError(errorMessage(failure));
    } finally {
      setCreating(false);
    }
  };

  const onActive = (link: ShareLink, active: boolean) =>
    void withBusy(link.id, async () => {
      try {
        await actions.update(link.id, { active });
        toast({
          title: active ? `“${label(link)}” works again` : `“${label(link)}” is turned off`,
          tone: 'success',
        });
      } catch (failure) {
        toast({ title: 'The link was not changed', description: errorMessage(failure), tone: 'error' });
      }
    });

  const onRename = async (link: ShareLink, next: string): Promise<string | undefined> => {
    const problem = nameProblem(next);
    if (problem !== undefined) return problem;
    try {
      await actions.update(link.id, { name: next });
      toast({ title: `Share link renamed “${next}”`, tone: 'success' });
      return undefined;
    } catch (failure) {
      return errorMessage(failure);
    }
  };

  const onCopy = async (url: string) => {
    setFallback(undefined);
    if (await copyText(url)) toast({ title: 'Share link address copied', tone: 'success' });
    else setFallback(url);
  };

  const onDelete = async () => {
    if (deleting === undefined) return;
    setDeletePending(true);
    try {
      await actions.remove(deleting.id);
      toast({ title: `Share link “${label(deleting)}” deleted`, tone: 'success' });
    } catch (failure) {
      toast({ title: 'The link was not deleted', description: errorMessage(failure), tone: 'error' });
    } finally {
      setDeletePending(false);
      setDeleting(undefined);
    }
  };

  return (
    <div className="section share-links" data-testid="share-links" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Share links</h2>
      <p className="muted">
        A share link is a secret address that opens the published site without making it public. Turn a link
        off to stop it working without losing it.
      </p>
      {site.visibility !== 'share-link' && (
        <Banner tone="info" title="This site does not need share links" data-testid="share-links-visibility">
          Links only matter for sites whose visibility is “Share link”; this one is{' '}
          {site.visibility === 'visitor-auth' ? 'behind visitor authentication' : site.visibility}. Change it
          in Settings.
        </Banner>
      )}
      {!site.published && (
        <p className="muted" data-testid="share-links-unpublished">
          The site is not published: its links lead nowhere until it is.
        </p>
      )}
      {!readOnly && (
        <form
          className="inline-form"
          onSubmit={(event) => void onCreate(event)}
          aria-label="Create a share link"
        >
          <label className="field-label" htmlFor={`${id}-name`}>
            Name of a new link
          </label>
          <input
            id={`${id}-name`}
            className="input"
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setNameError(undefined);
            }}
            placeholder="e.g. Reviewers at Acme"
            autoComplete="off"
            aria-invalid={nameError !== undefined || undefined}
            aria-describedby={nameError !== undefined ? `${id}-name-error` : undefined}
            disabled={creating}
            data-testid="share-link-name-input"
          />
          <span className={name.trim().length > NAME_MAX ? 'details-count is-over' : 'details-count'}>
            {name.trim().length}/{NAME_MAX}
          </span>
          <Button type="submit" variant="primary" pending={creating} data-testid="share-link-create">
            Create link
          </Button>
        </form>
      )}
      {nameError !== undefined && (
        <p id={`${id}-name-error`} className="field-error" role="alert" data-testid="share-link-name-error">
          {nameError}
        </p>
      )}
      {fallback !== undefined && <CopyFallback text={fallback} onClose={() => setFallback(undefined)} />}
      {links.isError ? (
        <ErrorState
          error={links.error}
          what="the share links"
          profileName={profileLabel(profile, profileId)}
          onRetry={() => void links.refetch()}
        />
      ) : links.isPending ? (
        <div className="table-skeleton" role="status" aria-busy="true" aria-label="Loading share links">
          <Skeleton height="2rem" />
          <Skeleton height="2rem" />
        </div>
      ) : links.data.length === 0 ? (
        <EmptyState title="No share links">Create one above to give someone access.</EmptyState>
      ) : (
        <table className="data-table" aria-labelledby={`${id}-title`}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Created</th>
              <th scope="col">Active</th>
              <th scope="col">Address</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {links.data.map((link) => (
              <ShareLinkRow
                // A name changed elsewhere (or saved here) starts the row's field again from it.
                key={`${link.id}:${link.name ?? ''}`}
                link={link}
                readOnly={readOnly}
                busy={busy.has(link.id)}
                onActive={(active) => onActive(link, active)}
                onRename={(next) => onRename(link, next)}
                onCopy={(url) => void onCopy(url)}
                onDelete={() => setDeleting(link)}
              />
            ))}
          </tbody>
        </table>
      )}
      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(open) => {
          if (!open) setDeleting(undefined);
        }}
        title={`Delete share link “${deleting !== undefined ? label(deleting) : ''}”?`}
        description="Its address stops working at once and cannot be brought back: a new link has a new address. To pause a link instead, turn it off."
        confirmLabel="Delete link"
        onConfirm={() => void onDelete()}
        pending={deletePending}
      />
    </div>
  );
}

function label(link: ShareLink): string {
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
function ShareLinkRow({ link, readOnly, busy, onActive, onRename, onCopy, onDelete }: ShareLinkRowProps) {
  const saved = link.name ?? '';
  const [name, setName] = useState(saved);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const active = link.active !== false;
  const url = link.urls?.published;

  const save = async () => {
    const next = name.trim();
    if (next === saved) return setName(saved);
    setSaving(true);
    const problem = await onRename(next);
    setSaving(false);
    setError(problem);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void save();
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
          onBlur={() => void save()}
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
