/**
 * Reading an organization file: YAML (or JSON, which is YAML) to a checked `OrgFile`, or the problems that stop it,
 * each naming where it is (`teams[2].members[0].email`). Beyond the schema: an email, a team title, an id, and a
 * collection title among its siblings appear once; a team's members are members of the file.
 */
import { Value } from '@sinclair/typebox/value';
import { parse } from 'yaml';
import { OrgFile, type OrgFileCollection } from './schema.ts';

/** At most this many problems are reported (a file with thousands of lines wrong says so in the first ones). */
const MAX_PROBLEMS = 50;

/** `/teams/2/members/0/email` as `teams[2].members[0].email`. */
function pathOf(pointer: string): string {
  const parts = pointer.split('/').slice(1);
  if (parts.length === 0) return 'the file';
  return parts
    .map((part, index) => (/^\d+$/.test(part) ? `[${part}]` : `${index === 0 ? '' : '.'}${part}`))
    .join('');
}

/** Problems beyond the schema's. */
function crossChecks(file: OrgFile): string[] {
  const problems: string[] = [];
  const once = <T>(
    items: readonly T[],
    key: (item: T) => string | undefined,
    where: (index: number) => string,
    what: string,
  ) => {
    const seen = new Map<string, number>();
    items.forEach((item, index) => {
      const value = key(item);
      if (value === undefined) return;
      const first = seen.get(value);
      if (first !== undefined)
        problems.push(`${where(index)}: ${what} “${value}” is also at ${where(first)}`);
      else seen.set(value, index);
    });
  };
  once(
    file.members,
    (member) => member.email.toLowerCase(),
    (i) => `members[${i}].email`,
    'the email',
  );
  once(
    file.members,
    (member) => member.id,
    (i) => `members[${i}].id`,
    'the id',
  );
  once(
    file.teams,
    (team) => team.title,
    (i) => `teams[${i}].title`,
    'the title',
  );
  once(
    file.teams,
    (team) => team.id,
    (i) => `teams[${i}].id`,
    'the id',
  );
  const emails = new Set(file.members.map((member) => member.email.toLowerCase()));
  file.teams.forEach((team, t) => {
    once(
      team.members,
      (member) => member.email.toLowerCase(),
      (i) => `teams[${t}].members[${i}].email`,
      'the email',
    );
    team.members.forEach((member, i) => {
      if (!emails.has(member.email.toLowerCase()))
        problems.push(`teams[${t}].members[${i}].email: “${member.email}” is not in \`members\``);
    });
  });
  const ids: { id: string | undefined; at: string }[] = [];
  const visit = (list: readonly OrgFileCollection[], at: string) => {
    once(
      list,
      (collection) => collection.title,
      (i) => `${at}[${i}].title`,
      'the title',
    );
    list.forEach((collection, i) => {
      ids.push({ id: collection.id, at: `${at}[${i}].id` });
      visit(collection.collections ?? [], `${at}[${i}].collections`);
    });
  };
  visit(file.collections, 'collections');
  once(
    ids,
    (entry) => entry.id,
    (i) => ids[i]!.at,
    'the id',
  );
  return problems;
}

/** The file of a text, or why not. */
export function parseOrgFile(text: string): { ok: true; file: OrgFile } | { ok: false; problems: string[] } {
  let value: unknown;
  try {
    // Aliases expand: a few are fine, a billion laughs are not.
    value = parse(text, { maxAliasCount: 100, prettyErrors: true });
  } catch (error) {
    return {
      ok: false,
      problems: [`the file is not YAML: ${error instanceof Error ? error.message : String(error)}`],
    };
  }
  const problems: string[] = [];
  for (const error of Value.Errors(OrgFile, value)) {
    problems.push(`${pathOf(error.path)}: ${error.message}`);
    if (problems.length >= MAX_PROBLEMS) break;
  }
  if (problems.length > 0) return { ok: false, problems };
  const file = value as OrgFile;
  const more = crossChecks(file).slice(0, MAX_PROBLEMS);
  return more.length > 0 ? { ok: false, problems: more } : { ok: true, file };
}
