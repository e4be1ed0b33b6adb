/**
 * `npm run admin -- rehearse [<file>] --profile <name> [--org <id or title>] [--apply]`: the organization file's
 * rehearsal (issue 19) at the command line, the screen's code (shared/orgfile/rehearse.ts). The organization is
 * copied, configuration and people, into a new organization of the local sandbox; with a file, the file is planned
 * against the copy (its ids swapped for the copy's) and printed, and with `--apply` applied to the copy, so that it
 * can be looked at in the app (the "Local sandbox" profile, the copy's organization) before it is applied for real.
 */
import { LOCAL_PROFILE_ID } from '../core/targets.ts';
import { applyPlan } from '../../../shared/orgfile/apply.ts';
import { planOrgFile } from '../../../shared/orgfile/plan.ts';
import { fileForCopy, forCopy, rehearse, type RehearsalPhase } from '../../../shared/orgfile/rehearse.ts';
import type { OrgFile } from '../../../shared/orgfile/schema.ts';
import { loadSnapshot } from '../../../shared/orgfile/snapshot.ts';
import { connect, type Connection } from './connect.ts';
import { formatOutcome, formatPlan } from './output.ts';

/** What the rehearsal needs from the command's arguments and the org-file command line. */
export interface RehearsalRun {
  dataDir: string;
  profile: string;
  keychainService?: string;
  /** The file to plan (and apply) against the copy, read and checked. */
  file?: OrgFile;
  apply: boolean;
  out(text: string): void;
  log(line: string): void;
  /** Finds the organization to copy through a connection (`--org`, else the only one). */
  findOrganization(connection: Connection): Promise<{ id: string; title: string }>;
}

const PHASES: Record<RehearsalPhase, string> = {
  reading: 'Reading the organization…',
  creating: 'Creating the copy in the local sandbox…',
  applying: 'Applying the organization’s file to the copy',
  checking: 'Reading the copy back',
};

/** Runs the rehearsal; answers the exit code (0: copied, and the file applied to the copy when asked). */
export async function runRehearsal(run: RehearsalRun): Promise<number> {
  const options = (profile: string) => ({
    dataDir: run.dataDir,
    profile,
    ...(run.keychainService !== undefined ? { keychainService: run.keychainService } : {}),
    log: run.log,
  });
  const source = await connect(options(run.profile));
  let sandbox: Connection | undefined;
  try {
    sandbox = source.profile.id === LOCAL_PROFILE_ID ? source : await connect(options(LOCAL_PROFILE_ID));
    const org = await run.findOrganization(source);
    const copy = await rehearse({
      source: source.client,
      organizationId: org.id,
      sandbox: sandbox.client,
      onPhase: (phase, round) =>
        run.out(`${PHASES[phase]}${round !== undefined ? ` (round ${round})` : ''}\n`),
    });
    run.out(
      `Copied “${org.title}” (${org.id}) through “${source.profile.name}” into the local sandbox as “${copy.title}” (${copy.organizationId}): ${copy.applied.done} steps done, ${copy.applied.failed} failed.\n`,
    );
    if (copy.caller.addedToCopy)
      run.out(`  ${copy.caller.email}, the sandbox’s user, administers the copy besides its people.\n`);
    if (run.file === undefined) return copy.applied.failed === 0 ? 0 : 1;
    const where = `the copy “${copy.title}” (${copy.organizationId}) in the local sandbox`;
    const plan = forCopy(
      planOrgFile(fileForCopy(run.file, copy), await loadSnapshot(sandbox.client, copy.organizationId)),
      copy.caller.id,
    );
    run.out(formatPlan(plan, where));
    if (!run.apply || plan.steps.length === 0) return 0;
    const report = await applyPlan(sandbox.client, copy.organizationId, plan, {
      stopOnError: false,
      onStep: (outcome) => run.out(formatOutcome(outcome, plan.steps.length)),
    });
    run.out(
      `Applied to the copy: ${report.done} done, ${report.skipped} skipped, ${report.failed} failed. Open it in the app: profile “Local sandbox”, organization “${copy.title}”.\n`,
    );
    return report.failed === 0 ? 0 : 1;
  } finally {
    if (sandbox !== undefined && sandbox !== source) await sandbox.close();
    await source.close();
  }
}
