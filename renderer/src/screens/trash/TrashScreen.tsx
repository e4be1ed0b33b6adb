/** The Trash: spaces deleted in the last 7 days, restorable, or deleted for good by admins, one by one or as a selection. */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Space } from '../../../../shared/contract/resources/content.ts';
import { errorKind } from '../../bridge/errors.ts';
import { profileLabel, useActiveProfile } from '../../layout/activeProfile.ts';
import { ErrorState } from '../../layout/ErrorState.tsx';
import { useDocumentTitle } from '../../layout/useDocumentTitle.ts';
import { useOffers } from '../../queries/capabilities.ts';
import { orgQuery } from '../../queries/orgs.ts';
import { trashQuery } from '../../queries/spaces.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/Dialog.tsx';
import { EmptyState, Skeleton } from '../../ui/Feedback.tsx';
import '../../ui/table.css';
import '../../ui/form/form.css';
import './trash.css';
import { TRASH_DAYS } from '../../ui/timeLeft.ts';
import { TrashRow } from './TrashRow.tsx';
import { useTrash } from './useTrash.ts';

/** The Trash screen of one organization. */
export function TrashScreen({ profileId, orgId }: { profileId: string; orgId: string; spaceId?: string }) {
  const trash = useQuery(trashQuery(profileId, orgId));
  const org = useQuery(orgQuery(profileId, orgId));
  const { profile } = useActiveProfile();
  const actions = useTrash(profileId, orgId);
  const { selected } = actions;
  const [purging, setPurging] = useState<Space[] | undefined>();
  useDocumentTitle('Trash');

  const items = trash.data ?? [];
  const chosen = items.filter((space) => selected.has(space.id));
  const now = Date.now();
  // Deleting for good is for admins; while the organization loads the button waits.
  // Deleting for good is an extension of the embedded server: hidden where the profile's API does not offer it.
  const offered = useOffers(profileId, 'deleteSpacePermanently') !== false;
  const canPurge = org.data?.permissions.admin === true && offered;
  const purgeTitle =
    purging === undefined
      ? ''
      : purging.length === 1
        ? `Delete “${purging[0]!.title === '' ? 'Untitled' : purging[0]!.title}” for good?`
        : `Delete ${purging.length} spaces for good?`;

  return (
    <section className="screen trash-screen" data-testid="trash-screen" aria-labelledby="trash-title">
      <header className="screen-header">
        <h1 id="trash-title">Trash</h1>
        <p className="muted">
          Deleted spaces stay here for {TRASH_DAYS} days, then they are gone for good. A restored space goes
          back to its collection, or to the top level if the collection was deleted.
        </p>
      </header>
      {trash.isError ? (
        errorKind(trash.error) === 'forbidden' ? (
          <EmptyState title="Only admins of the organization see the trash">
            Ask an admin to restore a deleted space.
          </EmptyState>
        ) : (
          <ErrorState
            error={trash.error}
            what="the trash"
            profileName={profileLabel(profile, profileId)}
            onRetry={() => void trash.refetch()}
          />
        )
      ) : trash.isPending ? (
        <div className="table-skeleton" role="status" aria-busy="true" aria-label="Loading">
          <Skeleton width="100%" height="1.75rem" />
          <Skeleton width="100%" height="1.75rem" />
        </div>
      ) : items.length === 0 ? (
        <EmptyState title="The trash is empty">
          Spaces deleted in the last {TRASH_DAYS} days show here.
        </EmptyState>
      ) : (
        <>
          <div className="trash-toolbar" aria-live="polite">
            <span className="muted">
              {chosen.length === 0
                ? `${items.length} deleted`
                : `${chosen.length} of ${items.length} selected`}
            </span>
            <div className="row-actions">
              <Button
                variant="primary"
                size="sm"
                disabled={chosen.length === 0}
                pending={chosen.length > 0 && chosen.every((space) => actions.restoring(space.id))}
                onClick={() => actions.restore(chosen)}
                data-testid="trash-restore-selected"
              >
                Restore selected
              </Button>
              {canPurge && (
                <Button
                  variant="danger"
                  size="sm"
                  disabled={chosen.length === 0}
                  onClick={() => setPurging(chosen)}
                  data-testid="trash-purge-selected"
                >
                  Delete selected for good
                </Button>
              )}
            </div>
          </div>
          <TrashTable
            items={items}
            chosen={chosen}
            now={now}
            actions={actions}
            onPurge={canPurge ? (space) => setPurging([space]) : undefined}
          />
        </>
      )}
      <ConfirmDialog
        open={purging !== undefined}
        onOpenChange={(open) => {
          if (!open && !actions.purging) setPurging(undefined);
        }}
        title={purgeTitle}
        description="Its pages, files, change requests and history are deleted at once: it cannot be restored, by you or anyone, and nothing keeps a copy."
        confirmLabel="Delete for good"
        pending={actions.purging}
        onConfirm={() => {
          if (purging === undefined) return;
          void actions.purge(purging).finally(() => setPurging(undefined));
        }}
      />
    </section>
  );
}

/** The deleted spaces, with a checkbox each and one to select them all. */
function TrashTable({
  items,
  chosen,
  now,
  actions,
  onPurge,
}: {
  items: Space[];
  chosen: Space[];
  now: number;
  actions: ReturnType<typeof useTrash>;
  /** Asks before deleting a space for good; undefined where the user may not. */
  onPurge: ((space: Space) => void) | undefined;
}) {
  const { selected, setSelected } = actions;
  return (
    <table className="data-table trash-table" data-testid="trash-table">
      <thead>
        <tr>
          <th scope="col" className="trash-check">
            <input
              type="checkbox"
              aria-label="Select all"
              checked={chosen.length === items.length}
              ref={(box) => {
                if (box !== null) box.indeterminate = chosen.length > 0 && chosen.length < items.length;
              }}
              onChange={(event) =>
                setSelected(event.target.checked ? new Set(items.map((space) => space.id)) : new Set())
              }
              data-testid="trash-select-all"
            />
          </th>
          <th scope="col">Space</th>
          <th scope="col">Deleted</th>
          <th scope="col">Deleted by</th>
          <th scope="col">Time left</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((space) => (
          <TrashRow
            key={space.id}
            space={space}
            now={now}
            selected={selected.has(space.id)}
            onSelect={(on) =>
              setSelected((old) => {
                const next = new Set(old);
                if (on) next.add(space.id);
                else next.delete(space.id);
                return next;
              })
            }
            restoring={actions.restoring(space.id)}
            onRestore={() => actions.restore([space])}
            onPurge={onPurge !== undefined ? () => onPurge(space) : undefined}
          />
        ))}
      </tbody>
    </table>
  );
}
