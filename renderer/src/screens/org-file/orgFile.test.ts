/**
 * The organization file screen's logic without a page: "adopt live" takes exactly one item of drift into the stored
 * file, and the stored apply (draft, journal) survives as a reload would find it.
 */
import { describe, expect, it } from 'vitest';
import { exportOrgFile } from '../../../../shared/orgfile/export.ts';
import { planOrgFile } from '../../../../shared/orgfile/plan.ts';
import type { OrgSnapshot } from '../../../../shared/orgfile/snapshot.ts';
import { adoptLive } from './adopt.ts';
import { orgFileStore, planKey, progressOf, storedJournal, type KeyValueStore } from './storage.ts';

/** A live organization: members, two teams, a small collection tree. */
function live(): OrgSnapshot {
  return {
    organization: { id: 'org1', title: 'Acme' },
    members: [
      { id: 'u-ada', email: 'ada@acme.test', name: 'Ada', role: 'admin' },
      { id: 'u-bob', email: 'bob@acme.test', name: 'Bob', role: 'admin' },
      { id: 'u-cy', email: 'cy@acme.test', name: 'Cy', role: 'edit' },
      { id: 'u-di', email: 'di@acme.test', name: 'Di', role: 'read' },
    ],
    teams: [
      {
        id: 't-docs',
        title: 'Docs',
        members: [
          { userId: 'u-ada', role: 'owner' },
          { userId: 'u-cy', role: 'member' },
        ],
      },
      { id: 't-ops', title: 'Ops', members: [{ userId: 'u-bob', role: 'owner' }] },
    ],
    collections: [
      { id: 'c-guides', title: 'Guides', description: 'How to', parent: undefined, defaultLevel: 'inherit' },
      { id: 'c-api', title: 'API', description: undefined, parent: 'c-guides', defaultLevel: 'read' },
      { id: 'c-old', title: 'Old', description: undefined, parent: undefined, defaultLevel: null },
    ],
  };
}

/** The same organization after changes made through the API since the file was applied: one of each kind. */
function drifted(): OrgSnapshot {
  const snapshot = live();
  snapshot.members[2]!.role = 'read'; // Cy's role changed
  snapshot.members.push({ id: 'u-eve', email: 'eve@acme.test', name: 'Eve', role: 'read' }); // Eve joined
  snapshot.members = snapshot.members.filter((member) => member.id !== 'u-di'); // Di left
  snapshot.teams[0]!.title = 'Documentation'; // Docs renamed
  snapshot.teams[0]!.members.push({ userId: 'u-bob', role: 'member' }); // Bob added to it
  snapshot.teams[0]!.members[1]!.role = 'owner'; // Cy made owner
  snapshot.teams.push({ id: 't-new', title: 'New', members: [] }); // a team made
  snapshot.teams = snapshot.teams.filter((team) => team.id !== 't-ops'); // Ops deleted
  snapshot.collections[1]!.defaultLevel = 'edit'; // API's default
  snapshot.collections[1]!.parent = undefined; // API moved to the top
  snapshot.collections.push({
    id: 'c-more',
    title: 'More',
    description: undefined,
    parent: 'c-guides',
    defaultLevel: 'inherit',
  });
  snapshot.collections = snapshot.collections.filter((c) => c.id !== 'c-old'); // Old deleted
  return snapshot;
}

describe('adoptLive', () => {
  it('takes each item of drift into the file: that step, and only it, leaves the plan', () => {
    const file = exportOrgFile(live()).file;
    const now = drifted();
    const drift = planOrgFile(file, now);
    expect(drift.steps.length).toBeGreaterThanOrEqual(12);
    for (const step of drift.steps) {
      const adopted = adoptLive(file, step, now);
      expect(adopted, step.label).toBeDefined();
      const left = planOrgFile(adopted!, now).steps.map((s) => s.label);
      expect(left, step.label).not.toContain(step.label);
      expect(left.length, step.label).toBeLessThan(drift.steps.length);
    }
  });

  it('adopting every item one after the other leaves no drift, and never edits the stored file in place', () => {
    const file = exportOrgFile(live()).file;
    const copy = structuredClone(file);
    const now = drifted();
    let current = file;
    for (let round = 0; round < 40; round++) {
      const step = planOrgFile(current, now).steps[0];
      if (step === undefined) break;
      current = adoptLive(current, step, now)!;
    }
    expect(planOrgFile(current, now).steps).toEqual([]);
    expect(file).toEqual(copy);
  });
});

/** A Map-backed store, as localStorage is to the screen. */
function memoryStore(): KeyValueStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

describe('the stored apply', () => {
  const plan = planOrgFile(exportOrgFile(drifted()).file, live());

  it('writes every step through, so that a reload finds the journal and resumes after it', () => {
    const store = memoryStore();
    const files = orgFileStore('local', 'org1', store);
    const start = { key: planKey(plan), plan, fileText: 'text', stopOnError: true, startedAt: 'now' };
    const journal = storedJournal(files, start);
    void journal.set(0, { state: 'done' });
    void journal.set(1, { state: 'created', id: 't-1' });
    void journal.set(2, { state: 'failed', message: 'refused' });

    // A reload: a new store over the same storage.
    const again = orgFileStore('local', 'org1', store);
    const stored = again.apply()!;
    expect(stored.key).toBe(planKey(plan));
    expect(progressOf(stored)).toEqual({ finished: 1, total: plan.steps.length, failed: 1 });
    const resumed = storedJournal(again, stored);
    expect(resumed.get(0)).toEqual({ state: 'done' });
    expect(resumed.get(1)).toEqual({ state: 'created', id: 't-1' });
    expect(resumed.get(3)).toBeUndefined();
  });

  it('keys a journal by its plan and its organization', () => {
    const store = memoryStore();
    const other = planOrgFile(exportOrgFile(live()).file, drifted());
    expect(planKey(plan)).not.toBe(planKey(other));
    expect(planKey(plan)).toBe(planKey(structuredClone(plan)));
    const files = orgFileStore('local', 'org1', store);
    storedJournal(files, { key: planKey(plan), plan, fileText: '', stopOnError: true, startedAt: 'now' }).set(
      0,
      {
        state: 'done',
      },
    );
    // Another plan's journal starts empty; another organization has none.
    const fresh = storedJournal(files, {
      key: planKey(other),
      plan: other,
      fileText: '',
      stopOnError: true,
      startedAt: 'now',
    });
    expect(fresh.get(0)).toBeUndefined();
    expect(orgFileStore('local', 'org2', store).apply()).toBeUndefined();
  });

  it('keeps the draft and the last applied file, and a broken entry reads as none', () => {
    const store = memoryStore();
    const files = orgFileStore('local', 'org1', store);
    files.setDraft('version: 1\n');
    files.setApplied({ text: 'applied', at: '2026-11-27T00:00:00.000Z' });
    expect(orgFileStore('local', 'org1', store).draft()).toBe('version: 1\n');
    expect(orgFileStore('local', 'org1', store).applied()?.text).toBe('applied');
    for (const key of store.map.keys()) store.map.set(key, '{not json');
    expect(files.draft()).toBeUndefined();
    expect(files.applied()).toBeUndefined();
  });
});
