/** The Trash: spaces deleted in the last 7 days, restorable one by one or as a selection. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Space } from '../../../../shared/contract/resources/content.ts';
import { errorKind, errorMessage } from '../../bridge/errors.ts';
import { profileLabel, useActiveProfile } from '../../layout/activeProfile.ts';
import { ErrorState } from '../../layout/ErrorState.tsx';
import { useDocumentTitle } from '../../layout/useDocumentTitle.ts';
import { restoreSpace, trashQuery } from '../../queries/spaces.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState, Skeleton } from '../../ui/Feedback.tsx';
import { toast } from '../../ui/Toast.tsx';
import '../invites/invites.css';
import { formatDate } from '../spaces/ItemSettings.tsx';
import '../spaces/spaces.css';
import { restoreReport } from './restoreReport.ts';
import { timeLeftLabel, TRASH_DAYS } from './timeLeft.ts';
import { emojiText } from '../../ui/emoji.ts';

/** The Trash screen of one organization. */
export function TrashScreen({ profileId, orgId }: { profileId: string; orgId: string; spaceId?: string }) {
  const queryClient = useQueryClient();
  const trash = useQuery(trashQuery(profileId, orgId));
  const { profile } = useActiveProfile();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [restoring, setRestoring] = useState<ReadonlySet<string>>(new Set());
  useDocumentTitle('Trash');

  const items = trash.data ?? [];
  const chosen = items.filter((space) => selected.has(space.id));
  const now = Date.now();

  const restore = async (spaces: Space[]) => {
    setRestoring(new Set(spaces.map((space) => space.id)));
    const results = await Promise.allSettled(
      spaces.map((space) => restoreSpace(queryClient, profileId, orgId, space.id)),
    );
    setRestoring(new Set());
    const report = restoreReport(
      spaces.map((space, index) => {
        const result = results[index]!;
        return {
          title: space.title,
          error: result.status === 'rejected' ? errorMessage(result.reason) : undefined,
        };
      }),
    );
    // A refused space stays selected, so that the selection still says what is left to do.
    const failed = new Set(
      spaces.filter((_, index) => results[index]!.status === 'rejected').map((s) => s.id),
    );
    const tried = new Set(spaces.map((space) => space.id));
    setSelected((old) => new Set([...old].filter((id) => !tried.has(id) || failed.has(id))));
    for (const line of report) toast(line);
  };

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
            <Button
              variant="primary"
              size="sm"
              disabled={chosen.length === 0}
              pending={chosen.length > 0 && chosen.every((space) => restoring.has(space.id))}
              onClick={() => void restore(chosen)}
              data-testid="trash-restore-selected"
            >
              Restore selected
            </Button>
          </div>
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
                <th scope="col">Time left</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((space) => {
                const title = space.title === '' ? 'Untitled' : space.title;
                return (
                  <tr key={space.id} data-testid="trash-row" data-id={space.id}>
                    <td className="trash-check">
                      <input
                        type="checkbox"
                        aria-label={`Select ${title}`}
                        checked={selected.has(space.id)}
                        onChange={(event) =>
                          setSelected((old) => {
                            const next = new Set(old);
                            if (event.target.checked) next.add(space.id);
                            else next.delete(space.id);
                            return next;
                          })
                        }
                        data-testid="trash-select"
                      />
                    </td>
                    <td>
                      <span className="trash-emoji" aria-hidden="true">
                        {emojiText(space.emoji)}
                      </span>{' '}
                      <span data-testid="trash-title">{title}</span>
                    </td>
                    <td>{space.deletedAt !== undefined ? formatDate(space.deletedAt) : ''}</td>
                    <td data-testid="trash-left">
                      {space.deletedAt !== undefined ? timeLeftLabel(space.deletedAt, now) : ''}
                    </td>
                    <td className="row-actions">
                      <Button
                        size="sm"
                        onClick={() => void restore([space])}
                        pending={restoring.has(space.id)}
                        aria-label={`Restore ${title}`}
                        data-testid="trash-restore"
                      >
                        Restore
                      </Button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
