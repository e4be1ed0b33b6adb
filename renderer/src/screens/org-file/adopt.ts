/**
 * "Adopt live" for one item of drift: the stored file takes the live organization's value, so that the step that
 * would undo the live change disappears from the drift plan. Drift is the plan of the last applied file against the
 * live organization; each step says what applying the file would change back, and adopting it edits the file to
 * match what is live instead.
 *
 * Answers undefined for a step it cannot adopt (a kind of item it does not know): the view then offers only
 * "re-apply", and a new export adopts everything.
 */
import type { Plan } from '../../../../shared/orgfile/plan.ts';
import type { OrgFile, OrgFileCollection } from '../../../../shared/orgfile/schema.ts';
import type { OrgSnapshot } from '../../../../shared/orgfile/snapshot.ts';
import { exportOrgFile } from '../../../../shared/orgfile/export.ts';

type Step = Plan['steps'][number];

const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The collection lists of a file's tree, each with the collection holding it (null: the top level). */
function collectionLists(file: OrgFile): { owner: OrgFileCollection | null; list: OrgFileCollection[] }[] {
  const lists: { owner: OrgFileCollection | null; list: OrgFileCollection[] }[] = [
    { owner: null, list: file.collections },
  ];
  for (let index = 0; index < lists.length; index++)
    for (const collection of lists[index]!.list)
      if (collection.collections !== undefined)
        lists.push({ owner: collection, list: collection.collections });
  return lists;
}

/** Where a collection of the file is, by id, or by its path of titles (` / `). */
function findCollection(file: OrgFile, id: string | undefined, path?: string) {
  const byPath = (list: OrgFileCollection[], parts: string[]): OrgFileCollection | undefined => {
    const found = list.find((collection) => collection.title === parts[0]);
    return parts.length <= 1 || found === undefined ? found : byPath(found.collections ?? [], parts.slice(1));
  };
  for (const { list } of collectionLists(file)) {
    const index = list.findIndex((collection) => id !== undefined && collection.id === id);
    if (index !== -1) return { list, index };
  }
  if (path === undefined) return undefined;
  const parts = path.split(' / ');
  const target = byPath(file.collections, parts);
  const holder = collectionLists(file).find(({ list }) => target !== undefined && list.includes(target));
  return target === undefined || holder === undefined
    ? undefined
    : { list: holder.list, index: holder.list.indexOf(target) };
}

/** The list a live collection's parent holds its children in, in the file (created when needed). */
function childrenOf(file: OrgFile, parentId: string | undefined): OrgFileCollection[] | undefined {
  if (parentId === undefined) return file.collections;
  const parent = findCollection(file, parentId);
  if (parent === undefined) return undefined;
  const owner = parent.list[parent.index]!;
  owner.collections ??= [];
  return owner.collections;
}

/** The file with the live value of `step`'s item, or undefined when this kind of step cannot be adopted. */
export function adoptLive(stored: OrgFile, step: Step, live: OrgSnapshot): OrgFile | undefined {
  const file = structuredClone(stored);
  const exported = exportOrgFile(live).file;
  switch (step.resource) {
    case 'member': {
      if (step.action === 'create') {
        file.members = file.members.filter((member) => !sameEmail(member.email, step.email));
        for (const team of file.teams)
          team.members = team.members.filter((member) => !sameEmail(member.email, step.email));
      } else if (step.action === 'update') {
        const member = file.members.find((m) => sameEmail(m.email, step.email));
        if (member === undefined) return undefined;
        member.role = step.from;
      } else {
        const member = exported.members.find((m) => m.id === step.userId);
        if (member === undefined) return undefined;
        file.members.push(member);
      }
      return file;
    }
    case 'team': {
      if (step.action === 'create') file.teams = file.teams.filter((team) => team.title !== step.title);
      else if (step.action === 'update') {
        const team = file.teams.find((t) => t.id === step.teamId || t.title === step.to);
        if (team === undefined) return undefined;
        team.title = step.from;
      } else {
        const team = exported.teams.find((t) => t.id === step.teamId);
        if (team === undefined) return undefined;
        file.teams.push(team);
      }
      return file;
    }
    case 'team-member': {
      const title = 'id' in step.team ? step.team.title : step.team.new;
      const team = file.teams.find((t) => ('id' in step.team && t.id === step.team.id) || t.title === title);
      if (team === undefined) return undefined;
      if (step.action === 'create')
        team.members = team.members.filter((member) => !sameEmail(member.email, step.email));
      else if (step.action === 'update') {
        const member = team.members.find((m) => sameEmail(m.email, step.email));
        if (member === undefined) return undefined;
        member.role = step.from;
      } else {
        const liveTeam = exported.teams.find((t) => 'id' in step.team && t.id === step.team.id);
        const member = liveTeam?.members.find((m) => sameEmail(m.email, step.email));
        if (member === undefined) return undefined;
        team.members.push(member);
      }
      return file;
    }
    case 'collection': {
      if (step.action === 'create') {
        const found = findCollection(file, undefined, step.path);
        if (found === undefined) return undefined;
        found.list.splice(found.index, 1);
        return file;
      }
      const liveCollection = live.collections.find((c) => c.id === step.collectionId);
      if (step.action === 'delete') {
        const subtree = collectionLists(exported)
          .flatMap(({ list }) => list)
          .find((c) => c.id === step.collectionId);
        const into = childrenOf(file, liveCollection?.parent);
        if (subtree === undefined || into === undefined) return undefined;
        into.push(subtree);
        return file;
      }
      const found = findCollection(file, step.collectionId, step.path);
      if (found === undefined || liveCollection === undefined) return undefined;
      const collection = found.list[found.index]!;
      if (step.action === 'update') {
        collection.title = liveCollection.title;
        if (liveCollection.description === undefined || liveCollection.description === '')
          delete collection.description;
        else collection.description = liveCollection.description;
        collection.defaultLevel = liveCollection.defaultLevel;
        return file;
      }
      const into = childrenOf(file, liveCollection.parent);
      if (into === undefined) return undefined;
      found.list.splice(found.index, 1);
      into.push(collection);
      return file;
    }
    default:
      return undefined;
  }
}
