/**
 * The state of an Access tab: the item's access overview, the organization's members and teams (the candidates to
 * give access to), the role to give, the server's refusal, the change waiting for confirmation and the grantee being
 * dragged; and the handlers that make changes (asking first when one takes the caller's own access or an Admin grant).
 */
import {
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { Role } from '../../../../shared/contract/constants.ts';
import { errorMessage } from '../../bridge/errors.ts';
import { useActiveProfile } from '../../layout/activeProfile.ts';
import { useOffers } from '../../queries/capabilities.ts';
import { accessOverviewQuery, orgMembersQuery, type AccessItem } from '../../queries/permissions.ts';
import { currentUserQuery, teamsQuery } from '../../queries/teams.ts';
import type { Candidate } from './candidates.ts';
import { isGranteeDragData } from './GranteeSource.tsx';
import { accessRows, lowersLevel, type AccessRow } from './rows.ts';
import { useAccessChanges, type AccessChange } from './useAccessChanges.ts';

/** How messages name each kind of item. */
export const NOUNS: Record<AccessItem['type'], string> = {
  space: 'space',
  collection: 'collection',
  site: 'site',
};

/** The aggregate operation of each kind of item: an API without it (older compatible servers) has no Access tab. */
const AGGREGATES = {
  space: 'listPermissionsAggregateInSpace',
  collection: 'listPermissionsAggregateInCollection',
  site: 'listPermissionsAggregateInSite',
} as const;

/** Which field a refusal is about: its message names `role`, or else the people and teams. */
const fieldOf = (message: string): 'role' | 'grantees' => (/`role`/.test(message) ? 'role' : 'grantees');

/** The tab's queries, state and handlers. */
export function useAccessTab(profileId: string, orgId: string, item: AccessItem, canManage: boolean) {
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

  const nothingHere = overview.data?.here.grants.length === 0;
  const note = nothingHere
    ? item.type === 'site'
      ? 'Nothing was given on this site: people reach it through their organization role.'
      : "Only people with the organization role or the collection's default reach this"
    : undefined;
  const pendingKey =
    changes.pendingChange !== undefined && changes.pendingChange.kind !== 'add'
      ? `${changes.pendingChange.grantee.type}:${changes.pendingChange.grantee.id}`
      : undefined;

  return {
    offered,
    overview,
    profile,
    role,
    setRole,
    error,
    confirm,
    dragged,
    sensors,
    rows,
    candidates,
    note,
    pendingKey,
    /** Whether a grant being given (not changed or taken back) waits for the server. */
    giving: changes.pending && changes.pendingChange?.kind === 'add',
    give: (grantees: Candidate[], chosen: Role) => apply({ kind: 'add', grantees, role: chosen }),
    changeRole: (row: AccessRow, to: Role) =>
      ask({ kind: 'change', grantee: { ...row.grantee, name: row.name }, from: row.given ?? null, to }, row),
    remove: (row: AccessRow) =>
      ask({ kind: 'remove', grantee: { ...row.grantee, name: row.name }, from: row.given ?? null }, row),
    onDragStart: ({ active }: DragStartEvent) => {
      const data = active.data.current;
      setDragged(isGranteeDragData(data) ? data.grantee : undefined);
    },
    onDragCancel: () => setDragged(undefined),
    onDragEnd: ({ active, over }: DragEndEvent) => {
      setDragged(undefined);
      const data = active.data.current;
      if (!isGranteeDragData(data) || over === null) return;
      quietly({ kind: 'add', grantees: [data.grantee], role });
    },
    closeConfirm: (open: boolean) => {
      if (!open) setConfirm(undefined);
    },
    confirmChange: () => {
      if (confirm !== undefined) quietly(confirm.change);
      setConfirm(undefined);
    },
  };
}
