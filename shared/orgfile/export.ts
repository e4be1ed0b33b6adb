/** The organization file of a live organization (snapshot.ts), and its YAML text. */
import { stringify } from 'yaml';
import type { OrgFile, OrgFileCollection } from './schema.ts';
import { ORG_FILE_VERSION } from './schema.ts';
import type { LiveCollection, OrgSnapshot } from './snapshot.ts';

const byText =
  <T>(key: (item: T) => string) =>
  (a: T, b: T) =>
    key(a).localeCompare(key(b));

/**
 * The file of a snapshot: members by email, teams by title with their members by email, collections as a tree in
 * the API's order. `skipped` names what the file cannot hold: members whose email the API does not show (the file
 * names members by email), and their team memberships.
 */
export function exportOrgFile(snapshot: OrgSnapshot): { file: OrgFile; skipped: string[] } {
  const skipped: string[] = [];
  const emails = new Map<string, string>();
  for (const member of snapshot.members) {
    if (member.email !== undefined) emails.set(member.id, member.email);
    else skipped.push(`member “${member.name}” (${member.id}): the API shows no email address`);
  }
  const children = new Map<string | undefined, LiveCollection[]>();
  for (const collection of snapshot.collections) {
    const parent = snapshot.collections.some((other) => other.id === collection.parent)
      ? collection.parent
      : undefined;
    children.set(parent, [...(children.get(parent) ?? []), collection]);
  }
  const tree = (parent: string | undefined): OrgFileCollection[] =>
    (children.get(parent) ?? []).map((collection) => {
      const inside = tree(collection.id);
      return {
        title: collection.title,
        id: collection.id,
        ...(collection.description !== undefined && collection.description !== ''
          ? { description: collection.description }
          : {}),
        defaultLevel: collection.defaultLevel,
        ...(inside.length > 0 ? { collections: inside } : {}),
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
  };
  return { file, skipped };
}

/** The file as YAML, with a first line naming its schema (editors that know it then check the file as it is typed). */
export function orgFileYaml(file: OrgFile): string {
  return `# yaml-language-server: $schema=org-file.schema.json\n${stringify(file, { lineWidth: 0 })}`;
}
