/**
 * The content tree: collections (parents first) and the spaces in them. Matching is by id, else by title under the
 * same (matched) parent; a matched item whose title or parent differs is renamed or moved, never replaced.
 * Deleting a collection takes its sub-collections and spaces with it: one step, with the count of what goes.
 * Spaces are planned only when the file has its top-level `spaces` key.
 */
import type { ContentAccess, OrgFile, OrgFileCollection, OrgFileSpace } from '../schema.ts';
import type { LiveCollection, LiveSpace, OrgSnapshot } from '../snapshot.ts';
import { levelName, matcher, type Stages } from './common.ts';
import type { CollectionRef, GrantTarget, PlanStep } from './steps.ts';

/** An item of the file that can hold grants, with what it is in the plan. */
export interface AccessTarget {
  on: GrantTarget;
  access: ContentAccess | undefined;
}

const moveLabel = (what: string, title: string, parent: CollectionRef | null, prefix: string) =>
  `Move ${what} “${title}” ${parent === null ? 'to the top level' : `into “${prefix}”`}`;

export function planContent(
  file: OrgFile,
  live: OrgSnapshot,
  stages: Stages,
  gone: Set<string>,
): AccessTarget[] {
  const targets: AccessTarget[] = [];
  const wantedSpaces: { wanted: OrgFileSpace; parent: CollectionRef | null; prefix: string }[] = [];
  const parentOf = new Map(live.collections.map((c) => [c.id, c.parent]));
  const collections = matcher(live.collections, (c) => `${c.parent ?? ''}\u0000${c.title}`);
  const byId = new Map(live.collections.map((c) => [c.id, c]));
  const walk = (list: readonly OrgFileCollection[], parent: CollectionRef | null, prefix: string) => {
    for (const wanted of list) {
      const path = prefix === '' ? wanted.title : `${prefix} / ${wanted.title}`;
      const parentId = parent !== null && 'id' in parent ? parent.id : undefined;
      const found =
        parent !== null && 'new' in parent
          ? wanted.id !== undefined
            ? collections.match(wanted.id, '\u0001')
            : undefined
          : collections.match(wanted.id, `${parentId ?? ''}\u0000${wanted.title}`);
      if (found === undefined) {
        stages.build.push({
          resource: 'collection',
          action: 'create',
          path,
          title: wanted.title,
          parent,
          ...(wanted.description !== undefined ? { description: wanted.description } : {}),
          defaultLevel: wanted.defaultLevel,
          label: `Create collection “${path}”, ${levelName(wanted.defaultLevel)} by default`,
        });
        targets.push({ on: { type: 'collection', ref: { new: path }, name: path }, access: wanted.access });
        for (const space of wanted.spaces ?? [])
          wantedSpaces.push({ wanted: space, parent: { new: path }, prefix: path });
        walk(wanted.collections ?? [], { new: path }, path);
        continue;
      }
      const ref = { id: found.id, title: wanted.title };
      targets.push({ on: { type: 'collection', ref, name: path }, access: wanted.access });
      const changes: Extract<PlanStep, { resource: 'collection'; action: 'update' }>['changes'] = {};
      if (found.title !== wanted.title) changes.title = [found.title, wanted.title];
      const description = wanted.description ?? '';
      if ((found.description ?? '') !== description)
        changes.description = [found.description ?? '', description];
      if (found.defaultLevel !== wanted.defaultLevel)
        changes.defaultLevel = [found.defaultLevel, wanted.defaultLevel];
      if (Object.keys(changes).length > 0)
        stages.build.push({
          resource: 'collection',
          action: 'update',
          collectionId: found.id,
          path,
          changes,
          label: `Change collection “${path}”: ${[
            ...(changes.title ? [`title from “${changes.title[0]}”`] : []),
            ...(changes.description ? ['description'] : []),
            ...(changes.defaultLevel
              ? [
                  `default access ${levelName(changes.defaultLevel[0])} → ${levelName(changes.defaultLevel[1])}`,
                ]
              : []),
          ].join(', ')}`,
        });
      const liveParent = parentOf.get(found.id);
      if ((liveParent ?? undefined) !== parentId || (parent !== null && 'new' in parent))
        stages.move.push({
          resource: 'collection',
          action: 'move',
          collectionId: found.id,
          path,
          to: parent,
          label: moveLabel('collection', found.title, parent, prefix),
        });
      for (const space of wanted.spaces ?? [])
        wantedSpaces.push({ wanted: space, parent: ref, prefix: path });
      walk(wanted.collections ?? [], ref, path);
    }
  };
  walk(file.collections, null, '');
  const managesSpaces = file.spaces !== undefined;
  for (const space of file.spaces ?? []) wantedSpaces.push({ wanted: space, parent: null, prefix: '' });
  const liveSpaces = live.spaces ?? [];
  const spacesGone = managesSpaces ? planSpaces(wantedSpaces, liveSpaces, stages, targets) : [];

  const goneCollections = new Set(collections.unmatched().map((c) => c.id));
  const pathOf = (c: LiveCollection): string => {
    const parent = c.parent !== undefined ? byId.get(c.parent) : undefined;
    return parent === undefined ? c.title : `${pathOf(parent)} / ${c.title}`;
  };
  const children = new Map<string, string[]>();
  for (const c of live.collections)
    if (c.parent !== undefined) children.set(c.parent, [...(children.get(c.parent) ?? []), c.id]);
  const subtree = (id: string): string[] => [id, ...(children.get(id) ?? []).flatMap(subtree)];
  // The spaces a collection's deletion would take with it: those the plan does not keep (or all, unmanaged).
  const goneSpaces = new Set(spacesGone);
  const kept = new Set(managesSpaces ? liveSpaces.filter((s) => !goneSpaces.has(s)).map((s) => s.id) : []);
  const spacesIn = new Map<string, number>();
  for (const space of liveSpaces)
    if (space.parent !== undefined && !kept.has(space.id))
      spacesIn.set(space.parent, (spacesIn.get(space.parent) ?? 0) + 1);
  const deletions: PlanStep[] = [];
  for (const c of live.collections) {
    if (!goneCollections.has(c.id)) continue;
    gone.add(c.id);
    // A collection whose parent goes too goes with it: one step, at the top of what goes.
    if (c.parent !== undefined && goneCollections.has(c.parent)) continue;
    const inside = subtree(c.id);
    const spaces = inside.reduce((n, id) => n + (spacesIn.get(id) ?? 0), 0);
    const what = [
      ...(inside.length > 1 ? [`the ${inside.length - 1} collections`] : []),
      ...(spaces > 0 ? [`the ${spaces} spaces`] : []),
    ];
    deletions.unshift({
      resource: 'collection',
      action: 'delete',
      collectionId: c.id,
      path: pathOf(c),
      inside: inside.length - 1,
      ...(spaces > 0 ? { spaces } : {}),
      label: `Delete collection “${pathOf(c)}”${what.length > 0 ? ` and ${what.join(' and ')} inside it` : ''}`,
      dangerous: 'a deleted collection takes what it holds with it',
    });
  }
  for (const space of spacesGone) {
    gone.add(space.id);
    if (space.parent !== undefined && goneCollections.has(space.parent)) continue;
    const path = byId.has(space.parent ?? '')
      ? `${pathOf(byId.get(space.parent!)!)} / ${space.title}`
      : space.title;
    deletions.unshift({
      resource: 'space',
      action: 'delete',
      spaceId: space.id,
      path,
      label: `Delete space “${path}”`,
      dangerous: 'its content goes to the trash (restorable for 7 days)',
    });
  }
  stages.delete.push(...deletions);
  return targets;
}

/** The spaces: created, changed, moved; answers the live spaces the file does not hold. */
function planSpaces(
  wantedSpaces: { wanted: OrgFileSpace; parent: CollectionRef | null; prefix: string }[],
  liveSpaces: readonly LiveSpace[],
  stages: Stages,
  targets: AccessTarget[],
): LiveSpace[] {
  const spaces = matcher(liveSpaces, (s) => `${s.parent ?? ''}\u0000${s.title}`);
  const byId = wantedSpaces.map(({ wanted }) => spaces.reserve(wanted.id));
  for (const [index, { wanted, parent, prefix }] of wantedSpaces.entries()) {
    const path = prefix === '' ? wanted.title : `${prefix} / ${wanted.title}`;
    const parentId = parent !== null && 'id' in parent ? parent.id : undefined;
    const found =
      byId[index] ??
      (parent !== null && 'new' in parent
        ? undefined
        : spaces.match(undefined, `${parentId ?? ''}\u0000${wanted.title}`));
    if (found === undefined) {
      stages.build.push({
        resource: 'space',
        action: 'create',
        path,
        title: wanted.title,
        parent,
        ...(wanted.emoji !== undefined && wanted.emoji !== '' ? { emoji: wanted.emoji } : {}),
        defaultLevel: wanted.defaultLevel,
        label: `Create space “${path}”, ${levelName(wanted.defaultLevel)} by default`,
      });
      targets.push({ on: { type: 'space', ref: { new: path }, name: path }, access: wanted.access });
      continue;
    }
    targets.push({
      on: { type: 'space', ref: { id: found.id, title: wanted.title }, name: path },
      access: wanted.access,
    });
    const changes: Extract<PlanStep, { resource: 'space'; action: 'update' }>['changes'] = {};
    if (found.title !== wanted.title) changes.title = [found.title, wanted.title];
    if (found.emoji !== (wanted.emoji ?? '')) changes.emoji = [found.emoji, wanted.emoji ?? ''];
    if (found.defaultLevel !== wanted.defaultLevel)
      changes.defaultLevel = [found.defaultLevel, wanted.defaultLevel];
    if (Object.keys(changes).length > 0)
      stages.build.push({
        resource: 'space',
        action: 'update',
        spaceId: found.id,
        path,
        changes,
        label: `Change space “${path}”: ${[
          ...(changes.title ? [`title from “${changes.title[0]}”`] : []),
          ...(changes.emoji ? ['emoji'] : []),
          ...(changes.defaultLevel
            ? [`default access ${levelName(changes.defaultLevel[0])} → ${levelName(changes.defaultLevel[1])}`]
            : []),
        ].join(', ')}`,
      });
    if (found.parent !== parentId || (parent !== null && 'new' in parent))
      stages.move.push({
        resource: 'space',
        action: 'move',
        spaceId: found.id,
        path,
        to: parent,
        label: moveLabel('space', found.title, parent, prefix),
      });
  }
  return spaces.unmatched();
}
