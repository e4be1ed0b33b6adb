/** The organization file of a live organization (snapshot.ts), and its YAML text. */
import { dump } from 'js-yaml';
import { accessOf, settingsOf } from './export-parts.ts';
import { sitesOf } from './export-sites.ts';
import type { ContentAccess, OrgFile, OrgFileCollection, OrgFileSpace } from './schema.ts';
import { ORG_FILE_VERSION } from './schema.ts';
import type { LiveCollection, LiveSpace, OrgSnapshot } from './snapshot.ts';

const byText =
  <T>(key: (item: T) => string) =>
  (a: T, b: T) =>
    key(a).localeCompare(key(b));

/**
 * The file of a snapshot: members by email, teams by title with their members by email, collections as a tree in
 * the API's order with their spaces, grants as `access` on each item, and the settings the snapshot read. `skipped` names what the file cannot hold: members whose email the API does not show (the file
 * names members by email), and their team memberships.
 */
export function exportOrgFile(snapshot: OrgSnapshot): { file: OrgFile; skipped: string[] } {
  const skipped: string[] = [];
  const emails = new Map<string, string>();
  for (const member of snapshot.members) {
    if (member.email !== undefined) emails.set(member.id, member.email);
    else skipped.push(`member “${member.name}” (${member.id}): the API shows no email address`);
  }
  const teamTitles = new Map(snapshot.teams.map((team) => [team.id, team.title]));
  const access = accessOf(snapshot.grants ?? [], emails, teamTitles, skipped);
  // A content grant always has a role (the API refuses `null` there); a site's may be guest.
  const accessKey = (id: string): { access?: ContentAccess } => {
    const found = access.get(id);
    if (found === undefined) return {};
    const users = (found.users ?? []).flatMap((u) =>
      u.role === null ? [] : [{ email: u.email, role: u.role }],
    );
    const teams = (found.teams ?? []).flatMap((t) =>
      t.role === null ? [] : [{ title: t.title, role: t.role }],
    );
    return {
      access: { ...(users.length > 0 ? { users } : {}), ...(teams.length > 0 ? { teams } : {}) },
    };
  };
  const ids = new Set(snapshot.collections.map((collection) => collection.id));
  const children = new Map<string | undefined, LiveCollection[]>();
  for (const collection of snapshot.collections) {
    const parent = ids.has(collection.parent ?? '') ? collection.parent : undefined;
    const list = children.get(parent);
    if (list === undefined) children.set(parent, [collection]);
    else list.push(collection);
  }
  const spacesIn = new Map<string | undefined, LiveSpace[]>();
  for (const space of snapshot.spaces ?? []) {
    const parent = ids.has(space.parent ?? '') ? space.parent : undefined;
    const list = spacesIn.get(parent);
    if (list === undefined) spacesIn.set(parent, [space]);
    else list.push(space);
  }
  const spaces = (parent: string | undefined): OrgFileSpace[] =>
    (spacesIn.get(parent) ?? []).map((space) => ({
      title: space.title,
      id: space.id,
      ...(space.emoji !== '' ? { emoji: space.emoji } : {}),
      defaultLevel: space.defaultLevel,
      ...accessKey(space.id),
    }));
  const tree = (parent: string | undefined): OrgFileCollection[] =>
    (children.get(parent) ?? []).map((collection) => {
      const inside = tree(collection.id);
      const held = spaces(collection.id);
      return {
        title: collection.title,
        id: collection.id,
        ...(collection.description !== undefined && collection.description !== ''
          ? { description: collection.description }
          : {}),
        defaultLevel: collection.defaultLevel,
        ...accessKey(collection.id),
        ...(inside.length > 0 ? { collections: inside } : {}),
        ...(held.length > 0 ? { spaces: held } : {}),
      };
    });
  const file: OrgFile = {
    version: ORG_FILE_VERSION,
    organization: { title: snapshot.organization.title, id: snapshot.organization.id },
    members: snapshot.members
      .filter((member) => member.email !== undefined)
      .map((member) => ({ email: member.email!, name: member.name, role: member.role, id: member.id }))
      .sort(byText((member) => member.email)),
    teams: snapshot.teams
      .map((team) => ({
        title: team.title,
        id: team.id,
        members: team.members
          .filter((member) => emails.has(member.userId))
          .map((member) => ({ email: emails.get(member.userId)!, role: member.role }))
          .sort(byText((member) => member.email)),
      }))
      .sort(byText((team) => team.title)),
    collections: tree(undefined),
    ...(snapshot.spaces !== undefined ? { spaces: spaces(undefined) } : {}),
    ...(snapshot.sites !== undefined ? { sites: sitesOf(snapshot, access, skipped) } : {}),
    ...settingsOf(snapshot, teamTitles),
  };
  return { file, skipped };
}

/** The file as YAML, with a first line naming its schema (editors that know it then check the file as it is typed). */
export function orgFileYaml(file: OrgFile): string {
  return `# yaml-language-server: $schema=org-file.schema.json\n${dump(file, { lineWidth: -1, noRefs: true })}`;
}
