/**
 * The share links of a site: create one with a name, rename in place, turn on and off, copy its address, delete
 * with a confirmation. Links only open `share-link` sites, which the section says when the site is not one.
 */
import { useId } from 'react';
import type { Site } from '../../../../shared/contract/resources/sites.ts';
import { profileLabel, useActiveProfile } from '../../layout/activeProfile.ts';
import { ErrorState } from '../../layout/ErrorState.tsx';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/Dialog.tsx';
import { Banner, EmptyState, Skeleton } from '../../ui/Feedback.tsx';
import { CopyFallback } from '../../ui/copy/CopyFallback.tsx';
import { label, ShareLinkRow } from './ShareLinkRow.tsx';
import { NAME_MAX, useShareLinks } from './useShareLinks.ts';

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
  const { profile } = useActiveProfile();
  const state = useShareLinks(profileId, orgId, site);
  const { links, name, setName, nameError, setNameError, creating, fallback, setFallback, deleting } = state;
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
        <form className="inline-form" onSubmit={state.onCreate} aria-label="Create a share link">
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
                busy={state.isBusy(link.id)}
                onActive={(active) => state.onActive(link, active)}
                onRename={(next) => state.onRename(link, next)}
                onCopy={(url) => void state.onCopy(url)}
                onDelete={() => state.setDeleting(link)}
              />
            ))}
          </tbody>
        </table>
      )}
      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(open) => {
          if (!open) state.setDeleting(undefined);
        }}
        title={`Delete share link “${deleting !== undefined ? label(deleting) : ''}”?`}
        description="Its address stops working at once and cannot be brought back: a new link has a new address. To pause a link instead, turn it off."
        confirmLabel="Delete link"
        onConfirm={state.onDelete}
        pending={state.deletePending}
      />
    </div>
  );
}
