/**
 * The plans of the organization file screen, against the organization itself or against its copy in the local
 * sandbox (the rehearsal): against the copy, the file's ids are swapped for the copy's first (a renamed team is
 * renamed there too), and no step removes or demotes the copy's administrator, the sandbox's user.
 */
import { exportOrgFile, orgFileYaml } from '../../../../shared/orgfile/export.ts';
import { parseOrgFile } from '../../../../shared/orgfile/parse.ts';
import { planOrgFile, type Plan } from '../../../../shared/orgfile/plan.ts';
import { fileForCopy, forCopy, type RehearsalCopy } from '../../../../shared/orgfile/rehearse.ts';
import type { OrgFile } from '../../../../shared/orgfile/schema.ts';
import type { OrgSnapshot } from '../../../../shared/orgfile/snapshot.ts';

/** Where plans go: the organization's profile and id, and the copy when it is the copy. */
export interface Target {
  profileId: string;
  orgId: string;
  copy?: RehearsalCopy;
}

/** A plan made from the editor's text against a read of the target. */
export interface Planned {
  plan: Plan;
  fileText: string;
  /** The file as the plan read it, and the target's export: the preview's diff. */
  shownText: string;
  liveText: string;
  at: Date;
}

/** The file as it plans against the target, and its plan. */
export function planFor(file: OrgFile, snapshot: OrgSnapshot, target: Target): { file: OrgFile; plan: Plan } {
  if (target.copy === undefined) return { file, plan: planOrgFile(file, snapshot) };
  const swapped = fileForCopy(file, target.copy);
  return { file: swapped, plan: forCopy(planOrgFile(swapped, snapshot), target.copy.caller.id) };
}

/** The plan of a file's text against a snapshot of the target, with the texts its preview compares. */
export function planText(fileText: string, snapshot: OrgSnapshot, target: Target): Planned | string {
  const parsed = parseOrgFile(fileText);
  if (!parsed.ok) return parsed.problems.join('; ');
  const { file, plan } = planFor(parsed.file, snapshot, target);
  return {
    plan,
    fileText,
    shownText: orgFileYaml(file),
    liveText: orgFileYaml(exportOrgFile(snapshot).file),
    at: new Date(),
  };
}
