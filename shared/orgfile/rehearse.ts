/**
 * The rehearsal (issue 19): a copy of an organization's configuration and people (not its content) in the local
 * sandbox, so that a plan can be applied there first and looked at. The organization is exported (the file, as the
 * export makes it), an empty organization is created in the sandbox (`createOrganization`, an extension only the
 * sandbox's own user may call) and the export is planned and applied there, round after round: people invited by
 * the first round are members the next one can name in teams and grants.
 *
 * The sandbox's user created the copy and administers it; when the organization does not count them among its
 * members, the copy has one member more, and no plan against the copy removes or demotes them (`forCopy`).
 * `ids` pairs the organization's ids with the copy's, so that a file edited from the organization's export plans
 * against the copy as it would against the organization (a renamed team is renamed, not replaced): `fileForCopy`.
 */
import type { ApiClient } from '../client.ts';
import type { Organization } from '../contract/resources/organizations.ts';
import { applyPlan } from './apply.ts';
import { exportOrgFile } from './export.ts';
import { planOf, planOrgFile, type Plan } from './plan.ts';
import type { OrgFile } from './schema.ts';
import { loadSnapshot, type OrgSnapshot } from './snapshot.ts';

/** A copy made: where it is and how its ids pair with the organization's. */
export interface RehearsalCopy {
  /** The copy, in the local sandbox. */
  organizationId: string;
  title: string;
  /** The organization copied (its id on the profile it was read through) and its title. */
  source: { organizationId: string; title: string };
  /** The organization's ids (members, teams, collections, spaces, sites...) to the copy's. */
  ids: Record<string, string>;
  /** The sandbox's user, admin of the copy (kept by every plan against it). */
  caller: { id: string; email: string; addedToCopy: boolean };
  /** Steps applied, skipped and failed over all rounds. */
  applied: { done: number; skipped: number; failed: number; rounds: number };
  at: string;
}

/** What `rehearse` reports as it goes. */
export type RehearsalPhase = 'reading' | 'creating' | 'applying' | 'checking';

export interface RehearseOptions {
  /** The organization's API (any profile) and its id. */
  source: ApiClient;
  organizationId: string;
  /** The organization as already read (the export's), to read it once only. */
  snapshot?: OrgSnapshot;
  /** The local sandbox's API. */
  sandbox: ApiClient;
  onPhase?: (phase: RehearsalPhase, round?: number) => void;
}

/** Applies of the export to the copy at most: a round can only name people the one before invited. */
const ROUNDS = 3;
/** The longest copy title the API takes. */
const TITLE_MAX = 255;

/** The copy's title: the organization's, marked. */
export function copyTitle(title: string): string {
  const mark = ' (rehearsal)';
  return `${title.slice(0, TITLE_MAX - mark.length)}${mark}`;
}

/** A plan against the copy, without the steps that would remove or demote its administrator, the sandbox's user. */
export function forCopy(plan: Plan, callerId: string): Plan {
  const kept = plan.steps.filter(
    (step) =>
      step.resource !== 'member' ||
      step.action === 'create' ||
      step.userId !== callerId ||
      (step.action === 'update' && step.to === 'admin'),
  );
  return kept.length === plan.steps.length ? plan : planOf(kept);
}

/** The key an element of a file's list is known by: its email, title, name or label, else its place. */
function keyOf(value: unknown, index: number): string {
  if (value !== null && typeof value === 'object')
    for (const field of ['email', 'title', 'name', 'label', 'path'])
      if (typeof (value as Record<string, unknown>)[field] === 'string')
        return `${field}:${(value as Record<string, string>)[field]!.toLowerCase()}`;
  return `#${index}`;
}

/** Pairs the ids of two files that match up to ids: each `id` of `a` with the one at the same place in `b`. */
export function pairIds(a: unknown, b: unknown, into: Record<string, string> = {}): Record<string, string> {
  if (Array.isArray(a) && Array.isArray(b)) {
    const byKey = new Map(b.map((item, index) => [keyOf(item, index), item] as const));
    a.forEach((item, index) => {
      const other = byKey.get(keyOf(item, index));
      if (other !== undefined) pairIds(item, other, into);
    });
  } else if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
    const left = a as Record<string, unknown>;
    const right = b as Record<string, unknown>;
    for (const [key, value] of Object.entries(left)) {
      if (key === 'id' && typeof value === 'string' && typeof right.id === 'string') into[value] = right.id;
      else if (key in right) pairIds(value, right[key], into);
    }
  }
  return into;
}

/** The file with the organization's ids replaced by the copy's, to plan it against the copy. */
export function fileForCopy(file: OrgFile, copy: Pick<RehearsalCopy, 'ids'>): OrgFile {
  const swap = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(swap);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        key === 'id' && typeof inner === 'string' ? (copy.ids[inner] ?? inner) : swap(inner),
      ]),
    );
  };
  return swap(file) as OrgFile;
}

/** Copies the organization's configuration and people into a new organization of the local sandbox. */
export async function rehearse(options: RehearseOptions): Promise<RehearsalCopy> {
  const { source, sandbox, onPhase } = options;
  onPhase?.('reading');
  const snapshot = options.snapshot ?? (await loadSnapshot(source, options.organizationId));
  const { file } = exportOrgFile(snapshot);
  onPhase?.('creating');
  const me = await sandbox.call('getAuthenticatedUser', {});
  const created: Organization = await sandbox.call('createOrganization', {
    body: { title: copyTitle(snapshot.organization.title) },
  });
  const applied = { done: 0, skipped: 0, failed: 0, rounds: 0 };
  let copied = await loadSnapshot(sandbox, created.id);
  for (let round = 1; round <= ROUNDS; round++) {
    const plan = forCopy(planOrgFile(file, copied), me.id);
    if (plan.steps.length === 0) break;
    onPhase?.('applying', round);
    const report = await applyPlan(sandbox, created.id, plan, { stopOnError: false });
    applied.rounds = round;
    applied.done += report.done;
    applied.failed += report.failed;
    applied.skipped = report.skipped;
    onPhase?.('checking', round);
    copied = await loadSnapshot(sandbox, created.id);
    if (report.done === 0) break;
  }
  const email = (me.email ?? '').toLowerCase();
  return {
    organizationId: created.id,
    title: created.title,
    source: { organizationId: options.organizationId, title: snapshot.organization.title },
    ids: { ...pairIds(file, exportOrgFile(copied).file), [options.organizationId]: created.id },
    caller: {
      id: me.id,
      email,
      addedToCopy: !file.members.some((member) => member.email.toLowerCase() === email),
    },
    applied,
    at: new Date().toISOString(),
  };
}
