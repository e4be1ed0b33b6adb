/**
 * What the organization file screen keeps between sessions, per profile and organization, in the renderer's
 * localStorage (no token or secret is in any of it: the file holds names, roles and ids):
 * - the draft: the editor's text, kept as it is typed, so that a reload or a quit loses nothing;
 * - the last applied file: what drift is measured against;
 * - the apply in progress: its plan and journal (keyed by the plan), so that "Resume" after a quit or a reload
 *   carries on where it stopped and does nothing twice (`applyPlan` skips what the journal says is done);
 * - the organization's copy in the local sandbox (the rehearsal), which plans can target instead.
 */
import type { ApplyJournal } from '../../../../shared/orgfile/apply.ts';
import type { Plan } from '../../../../shared/orgfile/plan.ts';
import type { RehearsalCopy } from '../../../../shared/orgfile/rehearse.ts';

/** What the journal keeps of one step (the shape `ApplyJournal` stores). */
export type StepRecord = Parameters<ApplyJournal['set']>[1];

/** A stored apply: the plan, the file it came from, and what is done so far. */
export interface StoredApply {
  key: string;
  plan: Plan;
  fileText: string;
  /** The live organization's export when the plan was made: planning it again is the way back. */
  beforeText?: string;
  stopOnError: boolean;
  records: [number, StepRecord][];
  startedAt: string;
  /** Set once every step ran (or was skipped): the apply is then only a report. */
  finishedAt?: string;
}

/** The part of `Storage` this module uses (tests pass a Map-backed one). */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const PREFIX = 'docs-admin.org-file';

const keyOf = (profileId: string, orgId: string, what: string) =>
  `${PREFIX}.${encodeURIComponent(profileId)}.${encodeURIComponent(orgId)}.${what}`;

/** A short, stable key of a plan's steps (FNV-1a over their JSON): a journal belongs to one plan. */
export function planKey(plan: Plan): string {
  let hash = 0x811c9dc5;
  const text = JSON.stringify(plan.steps);
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${hash.toString(16).padStart(8, '0')}-${plan.steps.length}`;
}

function read<T>(store: KeyValueStore, key: string): T | undefined {
  try {
    const text = store.getItem(key);
    return text === null ? undefined : (JSON.parse(text) as T);
  } catch {
    return undefined;
  }
}

function write(store: KeyValueStore, key: string, value: unknown): void {
  try {
    if (value === undefined) store.removeItem(key);
    else store.setItem(key, JSON.stringify(value));
  } catch {
    // A full or refused storage keeps the screen working: only what survives a reload is lost.
  }
}

/** The stores of one organization. */
export function orgFileStore(profileId: string, orgId: string, store: KeyValueStore = localStorage) {
  const draftKey = keyOf(profileId, orgId, 'draft');
  const appliedKey = keyOf(profileId, orgId, 'applied');
  const applyKey = keyOf(profileId, orgId, 'apply');
  const rehearsalKey = keyOf(profileId, orgId, 'rehearsal');
  return {
    draft: () => read<string>(store, draftKey),
    setDraft: (text: string | undefined) => write(store, draftKey, text),
    applied: () => read<{ text: string; at: string }>(store, appliedKey),
    setApplied: (value: { text: string; at: string } | undefined) => write(store, appliedKey, value),
    apply: () => read<StoredApply>(store, applyKey),
    setApply: (value: StoredApply | undefined) => write(store, applyKey, value),
    /** The organization's last copy in the local sandbox (its id and how its ids pair with the organization's). */
    rehearsal: () => read<RehearsalCopy>(store, rehearsalKey),
    setRehearsal: (value: RehearsalCopy | undefined) => write(store, rehearsalKey, value),
  };
}

export type OrgFileStore = ReturnType<typeof orgFileStore>;

/**
 * A journal written through to the stored apply on every step, so that a quit between two steps loses nothing;
 * `records` starts from what was stored for the same plan (a resume), else empty.
 */
export function storedJournal(
  files: OrgFileStore,
  start: Omit<StoredApply, 'records'>,
): ApplyJournal & { records: Map<number, StepRecord> } {
  const stored = files.apply();
  const records = new Map<number, StepRecord>(stored?.key === start.key ? stored.records : []);
  const save = () => files.setApply({ ...start, records: [...records] });
  save();
  return {
    records,
    get: (index) => records.get(index),
    set: (index, record) => {
      records.set(index, record);
      save();
    },
  };
}

/** How far a stored apply got: steps done or skipped, of all. */
export function progressOf(stored: StoredApply): { finished: number; total: number; failed: number } {
  const states = stored.records.map(([, record]) => record.state);
  return {
    finished: states.filter((state) => state === 'done' || state === 'skipped').length,
    total: stored.plan.steps.length,
    failed: states.filter((state) => state === 'failed').length,
  };
}
