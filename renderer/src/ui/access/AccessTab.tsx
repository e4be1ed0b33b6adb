/**
 * The Access tab of a space, a collection or a site: who has access and at what level, with the path that grants it
 * (organization role → collection default → team grant → direct grant, site grants), and the grants given here to
 * add (drop a person or a team from the side list, or pick them by keyboard), change and take back. Only GitBook's
 * permission operations are used, so it works against GitBook's hosted API too.
 */
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
  type CollisionDetection,
} from '@dnd-kit/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { Role } from '../../../../shared/contract/constants.ts';
import { errorKind, errorMessage } from '../../bridge/errors.ts';
import { profileLabel, useActiveProfile } from '../../layout/activeProfile.ts';
import { ErrorState } from '../../layout/ErrorState.tsx';
import { useOffers } from '../../queries/capabilities.ts';
import { accessOverviewQuery, orgMembersQuery, type AccessItem } from '../../queries/permissions.ts';
import { currentUserQuery, teamsQuery } from '../../queries/teams.ts';
import { NotOffered } from '../ApiNotes.tsx';
import { cx } from '../cx.ts';
import { ConfirmDialog } from '../Dialog.tsx';
import { EmptyState, Skeleton } from '../Feedback.tsx';
import { PREVIEW_MODIFIERS } from '../dragPreview.ts';
import { roleLabel } from '../roles.ts';
import { AccessList } from './AccessList.tsx';
import type { Candidate } from './candidates.ts';
import { GranteePicker } from './GranteePicker.tsx';
import { GranteeSource, isGranteeDragData } from './GranteeSource.tsx';
import { accessRows, lowersLevel, type AccessRow } from './rows.ts';
import { useAccessChanges, type AccessChange } from './useAccessChanges.ts';
import './access.css';

const NOUNS: Record<AccessItem['type'], string> = { space: 'space', collection: 'collection', site: 'site' };

/** The aggregate operation of each kind of item: an API without it (older compatible servers) has no Access tab. */
const AGGREGATES = {
  space: 'listPermissionsAggregateInSpace',
  collection: 'listPermissionsAggregateInCollection',
  site: 'listPermissionsAggregateInSite',
} as const;

/** Pointer drags drop where the pointer is; keyboard drags where the dragged item's box is. */
const detectDrop: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  return within.length > 0 ? within : rectIntersection(args);
};

/** Which field a refusal is about: its message names `role`, or else the people and teams. */
const fieldOf = (message: string): 'role' | 'grantees' => (/`role`/.test(message) ? 'role' : 'grantees');

/** The tab. `compact`: no side list (the collection's detail panel), the picker only. */
export function AccessTab({
  profileId,
  orgId,
  item,
  canManage,
  compact = false,
}: {
  profileId: string;
  orgId: string;
  item: AccessItem;
  canManage: boolean;
  compact?: boolean;
}) {
  const offered = useOffers(profileId, AGGREGATES[item.type]);
  const overview = useQuery({ ...accessOverviewQuery(profileId, orgId, item), enabled: offered !== false });
  const members = useQuery({ ...orgMembersQuery(profileId, orgId), enabled: canManage });
  const teams = useQuery({ ...teamsQuery(profileId, orgId), enabled: canManage });
  const me = useQuery(currentUserQuery(profileId));
  const { profile } = useActiveProfile();
  const [role, setRole] = useState<Role>('read');
  const [error, setError] = useState<{ field: 'grantees' | 'role'; message: string } | undefined>();
  const [confirm, setConfirm] = useState<{ change: AccessChange; title: string; description: string }>();
  const [dragged, setDragged] = useState<Candidate | undefined>();
  const title = overview.data?.title ?? '';
  const itemLabel = `${NOUNS[item.type]} “${title === '' ? 'Untitled' : title}”`;
  const changes = useAccessChanges(profileId, orgId, item, itemLabel);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor),
  );

  const rows = useMemo(() => (overview.data !== undefined ? accessRows(overview.data) : []), [overview.data]);
  const candidates = useMemo((): Candidate[] => {
    const given = new Set(rows.filter((row) => row.given !== undefined).map((row) => row.key));
    const out: Candidate[] = [];
    for (const team of teams.data?.items ?? [])
      if (!given.has(`team:${team.id}`))
        out.push({ type: 'team', id: team.id, name: team.title, detail: `${team.members} members` });
    for (const member of members.data ?? [])
      if (!given.has(`user:${member.id}`) && !member.disabled)
        out.push({
          type: 'user',
          id: member.id,
          name: member.user.displayName,
          detail: member.user.email ?? '',
        });
    const byName = (a: Candidate, b: Candidate) => a.name.localeCompare(b.name);
    return [
      ...out.filter((c) => c.type === 'team').sort(byName),
      ...out.filter((c) => c.type === 'user').sort(byName),
    ];
  }, [rows, teams.data, members.data]);

  /** Makes a change; a refusal is shown under the field it names, and what was picked stays. */
  const apply = async (change: AccessChange) => {
    setError(undefined);
    try {
      await changes.apply(change);
    } catch (failure) {
      const message = errorMessage(failure);
      setError({ field: fieldOf(message), message });
      throw failure;
    }
  };
  const quietly = (change: AccessChange) => void apply(change).catch(() => undefined);

  /** A change that takes the caller's own access (or some), or an Admin grant, asks first. */
  const ask = (change: AccessChange & { kind: 'change' | 'remove' }, row: AccessRow) => {
    const data = overview.data;
    const next = change.kind === 'change' ? change.to : null;
    const ownLoss =
      data !== undefined &&
      me.data !== undefined &&
      lowersLevel(data, me.data.id, { grantee: row.grantee, role: next });
    const adminGrant = change.kind === 'remove' && row.given === 'admin';
    if (!ownLoss && !adminGrant) return quietly(change);
    const what = change.kind === 'remove' ? `Take back ${row.name}'s role` : `Change ${row.name}'s role`;
    setConfirm({
      change,
      title: `${what} on ${itemLabel}?`,
      description: ownLoss
        ? `This lowers your own access to ${itemLabel}: you may not be able to undo it yourself.`
        : `${row.name} was given Admin here: they lose managing ${itemLabel}, including who has access.`,
    });
  };

  if (offered === false)
    return (
      <NotOffered testId="access-not-offered">
        Who has access is not available: this profile’s API does not offer permission lists.
      </NotOffered>
    );
  if (overview.isError) {
    if (errorKind(overview.error) === 'forbidden')
      return (
        <EmptyState title="You may not see who has access">
          Guests, and people without at least Reader on this {NOUNS[item.type]}, do not see its access list.
        </EmptyState>
      );
    return (
      <ErrorState
        error={overview.error}
        what={`who has access to this ${NOUNS[item.type]}`}
        profileName={profileLabel(profile, profileId)}
        onRetry={() => void overview.refetch()}
      />
    );
  }
  if (overview.data === undefined)
    return (
      <div role="status" aria-busy="true" aria-label="Loading who has access" data-testid="access-loading">
        <Skeleton width="100%" height="2rem" />
        <Skeleton width="100%" height="8rem" />
      </div>
    );

  const nothingHere = overview.data.here.grants.length === 0;
  const note = nothingHere
    ? item.type === 'site'
      ? 'Nothing was given on this site: people reach it through their organization role.'
      : "Only people with the organization role or the collection's default reach this"
    : undefined;
  const pendingKey =
    changes.pendingChange !== undefined && changes.pendingChange.kind !== 'add'
      ? `${changes.pendingChange.grantee.type}:${changes.pendingChange.grantee.id}`
      : undefined;

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={detectDrop}
      onDragStart={({ active }) => {
        const data = active.data.current;
        setDragged(isGranteeDragData(data) ? data.grantee : undefined);
      }}
      onDragCancel={() => setDragged(undefined)}
      onDragEnd={({ active, over }) => {
        setDragged(undefined);
        const data = active.data.current;
        if (!isGranteeDragData(data) || over === null) return;
        quietly({ kind: 'add', grantees: [data.grantee], role });
      }}
      accessibility={{
        screenReaderInstructions: {
          draggable:
            'Press Space to pick up, the arrow keys to move onto the access list, Space again to drop.',
        },
      }}
    >
      <div
        className={cx('access-tab', compact && 'is-compact', canManage && !compact && 'has-source')}
        data-testid="access-tab"
      >
        <div className="access-main">
          {canManage && (
            <GranteePicker
              candidates={candidates}
              role={role}
              onRoleChange={setRole}
              onGive={(grantees, chosen) => apply({ kind: 'add', grantees, role: chosen })}
              error={error}
              pending={changes.pending && changes.pendingChange?.kind === 'add'}
              withSource={!compact}
            />
          )}
          {error !== undefined && !canManage && <p className="field-error">{error.message}</p>}
          <AccessList
            rows={rows}
            canManage={canManage}
            pendingKey={pendingKey}
            note={note}
            onChangeRole={(row, to) =>
              ask(
                { kind: 'change', grantee: { ...row.grantee, name: row.name }, from: row.given ?? null, to },
                row,
              )
            }
            onRemove={(row) =>
              ask(
                { kind: 'remove', grantee: { ...row.grantee, name: row.name }, from: row.given ?? null },
                row,
              )
            }
          />
        </div>
        {canManage && !compact && <GranteeSource candidates={candidates} />}
      </div>
      <DragOverlay dropAnimation={null} modifiers={PREVIEW_MODIFIERS}>
        {dragged !== undefined && (
          <div className="access-drag-chip" data-testid="drag-overlay" aria-hidden="true">
            {dragged.type === 'team' ? `Team ${dragged.name}` : dragged.name} · {roleLabel(role)}
          </div>
        )}
      </DragOverlay>
      <ConfirmDialog
        open={confirm !== undefined}
        onOpenChange={(open) => {
          if (!open) setConfirm(undefined);
        }}
        title={confirm?.title ?? ''}
        description={confirm?.description ?? ''}
        confirmLabel={confirm?.change.kind === 'remove' ? 'Take back' : 'Change'}
        onConfirm={() => {
          if (confirm !== undefined) quietly(confirm.change);
          setConfirm(undefined);
        }}
      />
    </DndContext>
  );
}
