/**
 * Reading an organization file: YAML (or JSON, which is YAML) to a checked `OrgFile`, or the problems that stop it,
 * each naming where it is (`teams[2].members[0].email`). Beyond the schema: an email, a team title, an id, and a
 * collection title among its siblings appear once; a team's members, and the people and teams given access, are in
 * the file.
 */
import { Value } from '@sinclair/typebox/value';
import { load, YAMLException } from 'js-yaml';
import { OrgFile, type ContentAccess, type OrgFileCollection, type OrgFileSpace } from './schema.ts';

/** At most this many problems are reported (a file with thousands of lines wrong says so in the first ones). */
const MAX_PROBLEMS = 50;

/**
 * Most levels of sequences and mappings the file may nest: far past any organization's (a collection is two), below
 * where a reader's recursion would run out of stack.
 */
const MAX_DEPTH = 500;

/**
 * The YAML of a text, or why not. js-yaml (its core schema: the scalars YAML 1.2 resolves; the exporter's `dump`
 * quotes any string that would read as another type) reads the 1.7 MB file of 10,000 members several times faster
 * than `yaml`'s `parse`; it refuses a mapping's key given twice, naming the line. No aliases are read: an exported
 * file has none, and an alias repeated in aliases (a billion laughs) would expand past any bound.
 */
function readYaml(text: string): { ok: true; value: unknown } | { ok: false; problem: string } {
  try {
    return { ok: true, value: load(text, { maxAliases: 0, maxDepth: MAX_DEPTH }) };
  } catch (error) {
    if (error instanceof YAMLException && error.reason.includes('maxAliases') && error.mark !== undefined) {
      // The mark is at the alias's name, after its `*`.
      const { line, column, position } = error.mark;
      const star = text[position - 1] === '*' ? 1 : 0;
      const name = /^[^\s,[\]{}]{1,80}/.exec(text.slice(position, position + 80))?.[0] ?? '';
      return {
        ok: false,
        problem:
          `the file: an alias (\`*${name}\`) at line ${line + 1}, column ${column + 1 - star}: the organization file ` +
          'takes no aliases (an exported file has none); write the value out in full',
      };
    }
    return {
      ok: false,
      problem: `the file is not YAML: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

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
  const titles = new Set(file.teams.map((team) => team.title));
  const checkAccess = (access: ContentAccess | undefined, at: string) => {
    access?.users?.forEach((user, i) => {
      if (!emails.has(user.email.toLowerCase()))
        problems.push(`${at}.access.users[${i}].email: “${user.email}” is not in \`members\``);
    });
    access?.teams?.forEach((team, i) => {
      if (!titles.has(team.title))
        problems.push(`${at}.access.teams[${i}].title: “${team.title}” is not in \`teams\``);
    });
    once(
      access?.users ?? [],
      (user) => user.email.toLowerCase(),
      (i) => `${at}.access.users[${i}].email`,
      'the email',
    );
    once(
      access?.teams ?? [],
      (team) => team.title,
      (i) => `${at}.access.teams[${i}].title`,
      'the title',
    );
  };
  const ids: { id: string | undefined; at: string }[] = [];
  const spaceIds: { id: string | undefined; at: string }[] = [];
  const visitSpaces = (list: readonly OrgFileSpace[], at: string) => {
    // Two spaces of one title side by side are told apart by their ids; new ones by their titles.
    once(
      list,
      (space) => (space.id === undefined ? space.title : undefined),
      (i) => `${at}[${i}].title`,
      'the title of a new space',
    );
    list.forEach((space, i) => {
      spaceIds.push({ id: space.id, at: `${at}[${i}].id` });
      checkAccess(space.access, `${at}[${i}]`);
    });
  };
  const visit = (list: readonly OrgFileCollection[], at: string) => {
    once(
      list,
      (collection) => collection.title,
      (i) => `${at}[${i}].title`,
      'the title',
    );
    list.forEach((collection, i) => {
      ids.push({ id: collection.id, at: `${at}[${i}].id` });
      checkAccess(collection.access, `${at}[${i}]`);
      if (collection.spaces !== undefined && file.spaces === undefined)
        problems.push(
          `${at}[${i}].spaces: the file has no top-level \`spaces\` (add \`spaces: []\` for the file to hold spaces)`,
        );
      visitSpaces(collection.spaces ?? [], `${at}[${i}].spaces`);
      visit(collection.collections ?? [], `${at}[${i}].collections`);
    });
  };
  visit(file.collections, 'collections');
  visitSpaces(file.spaces ?? [], 'spaces');
  for (const list of [ids, spaceIds])
    once(
      list,
      (entry) => entry.id,
      (i) => list[i]!.at,
      'the id',
    );
  once(
    file.customFields ?? [],
    (field) => field.name,
    (i) => `customFields[${i}].name`,
    'the name',
  );
  once(
    file.translations ?? [],
    (settings) => settings.title,
    (i) => `translations[${i}].title`,
    'the title',
  );
  once(
    file.saml ?? [],
    (provider) => provider.label,
    (i) => `saml[${i}].label`,
    'the label',
  );
  file.saml?.forEach((provider, i) => {
    if (provider.defaultTeam !== undefined && !titles.has(provider.defaultTeam))
      problems.push(`saml[${i}].defaultTeam: “${provider.defaultTeam}” is not in \`teams\``);
  });
  problems.push(...siteChecks(file, emails, titles));
  return problems;
}

/** The file of a text, or why not. */
export function parseOrgFile(text: string): { ok: true; file: OrgFile } | { ok: false; problems: string[] } {
  const read = readYaml(text);
  if (!read.ok) return { ok: false, problems: [read.problem] };
  const value = read.value;
  const problems: string[] = [];
  // A check first: it stops at nothing and walks a 10,000-member file in half the time of listing its errors (which
  // are listed only when there are some). Not the compiled check: it evaluates code, which the renderer forbids.
  if (!Value.Check(OrgFile, value)) {
    for (const error of Value.Errors(OrgFile, value)) {
      problems.push(`${pathOf(error.path)}: ${error.message}`);
      if (problems.length >= MAX_PROBLEMS) break;
    }
    if (problems.length === 0) problems.push('the file does not match its schema');
  }
  if (problems.length > 0) return { ok: false, problems };
  const file = value as OrgFile;
  const more = crossChecks(file).slice(0, MAX_PROBLEMS);
  return more.length > 0 ? { ok: false, problems: more } : { ok: true, file };
}

/** Sites: titles once; in a site, group and section titles once, groups named by sections exist; grants name the file's people and teams. */
function siteChecks(file: OrgFile, emails: ReadonlySet<string>, titles: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  const once = (value: string, at: string, what: string) => {
    const first = seen.get(value);
    if (first !== undefined)
      problems.push(`${at}: ${what} “${value.split('\u0000').pop()}” is also at ${first}`);
    else seen.set(value, at);
  };
  file.sites?.forEach((site, s) => {
    const at = `sites[${s}]`;
    once(`site\u0000${site.title}`, `${at}.title`, 'the title');
    site.access?.users?.forEach((user, i) => {
      if (!emails.has(user.email.toLowerCase()))
        problems.push(`${at}.access.users[${i}].email: “${user.email}” is not in \`members\``);
    });
    site.access?.teams?.forEach((team, i) => {
      if (!titles.has(team.title))
        problems.push(`${at}.access.teams[${i}].title: “${team.title}” is not in \`teams\``);
    });
    const groups = new Set((site.sectionGroups ?? []).map((group) => group.title));
    site.sectionGroups?.forEach((group, g) =>
      once(`${s}\u0000group\u0000${group.title}`, `${at}.sectionGroups[${g}].title`, 'the title'),
    );
    site.sections?.forEach((section, i) => {
      once(`${s}\u0000section\u0000${section.title}`, `${at}.sections[${i}].title`, 'the title');
      if (section.group !== undefined && !groups.has(section.group))
        problems.push(
          `${at}.sections[${i}].group: “${section.group}” is not in the site's \`sectionGroups\``,
        );
    });
    if ((site.sections ?? []).length > 0 && (site.variants ?? []).length > 0)
      problems.push(`${at}.variants: a site with sections publishes its spaces in them`);
    site.shareLinks?.forEach((link, i) =>
      once(`${s}\u0000link\u0000${link.name}`, `${at}.shareLinks[${i}].name`, 'the name'),
    );
  });
  return problems;
}
