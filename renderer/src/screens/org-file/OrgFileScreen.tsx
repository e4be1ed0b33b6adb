/**
 * The organization file (issue 19): export an organization's configuration as a YAML file, edit it (or open one),
 * plan it against the live organization with a preview, apply it step by step with a report (resumable after a
 * quit), and see the drift since the last apply. Three tabs: File, Plan & apply, Drift (OrgFileWorkspace.tsx); the
 * drift count is a badge in the header and on its tab. The live organization is read once per action and shared.
 *
 * The rehearsal: "Rehearse in the sandbox" copies the organization's configuration and people into a new
 * organization of the local sandbox; plans and applies can then go to the copy, which can be opened and looked at,
 * before the file is applied to the organization itself. The screen always says which organization a plan targets.
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { toast } from '../../ui/Toast.tsx';
import { useActiveProfile, profileLabel } from '../../layout/activeProfile.ts';
import { LOCAL_PROFILE_ID } from '../../layout/pickProfile.ts';
import { useDocumentTitle } from '../../layout/useDocumentTitle.ts';
import { memberQuery } from '../../queries/members.ts';
import { orgQuery } from '../../queries/orgs.ts';
import { currentUserQuery } from '../../queries/teams.ts';
import { Badge, Banner } from '../../ui/Feedback.tsx';
import { OrgFileWorkspace } from './OrgFileWorkspace.tsx';
import { RehearsalPanel, type PlanTarget } from './RehearsalPanel.tsx';
import { orgFileStore } from './storage.ts';
import type { Target } from './targetPlan.ts';
import { useDraft } from './useDraft.ts';
import { useLiveSnapshot } from './useLiveSnapshot.ts';
import { useRehearsal } from './useRehearsal.ts';
import './orgFile.css';

/** The organization file screen of one organization. */
export function OrgFileScreen({ profileId, orgId }: { profileId: string; orgId: string }) {
  useDocumentTitle('Organization file');
  const files = useMemo(() => orgFileStore(profileId, orgId), [profileId, orgId]);
  const home = useLiveSnapshot(profileId, orgId);
  const draft = useDraft(files);
  const rehearsal = useRehearsal(profileId, orgId, files);
  const [chosen, setChosen] = useState<PlanTarget>('org');
  const [driftCount, setDriftCount] = useState<number | undefined>();
  const [running, setRunning] = useState(false);
  const { copy } = rehearsal;
  const targetKind: PlanTarget = chosen === 'copy' && copy !== undefined ? 'copy' : 'org';
  const target = useMemo(
    (): Target =>
      targetKind === 'copy' && copy !== undefined
        ? { profileId: LOCAL_PROFILE_ID, orgId: copy.organizationId, copy }
        : { profileId, orgId },
    [targetKind, copy, profileId, orgId],
  );
  const onTarget = useCallback((next: PlanTarget) => {
    setDriftCount(undefined);
    setChosen(next);
  }, []);
  const rehearse = () => {
    void rehearsal.start(home.load).then((made) => {
      if (made === undefined) return;
      onTarget('copy');
      toast({
        tone: 'success',
        title: `Copied into the local sandbox as “${made.title}”`,
        description: 'Plans now go to the copy. Plan your file, apply it there, and open the copy to look.',
      });
    });
  };

  // Anyone may export and plan; applying asks an admin (the API refuses the rest, step by step).
  const me = useQuery(currentUserQuery(profileId)).data;
  const role = useQuery({ ...memberQuery(profileId, orgId, me?.id ?? ''), enabled: me !== undefined }).data
    ?.role;
  const org = useQuery(orgQuery(profileId, orgId)).data;
  const { profile } = useActiveProfile();

  return (
    <section
      className="screen org-file-screen"
      data-testid="org-file-screen"
      aria-labelledby="org-file-title"
    >
      <header className="screen-header org-file-header">
        <div className="org-file-title-row">
          <h1 id="org-file-title">Organization file</h1>
          {driftCount !== undefined && (
            <Badge
              tone={driftCount > 0 ? 'warning' : 'neutral'}
              data-testid="org-file-drift-badge"
              data-count={driftCount}
            >
              {driftCount > 0 ? `Drift: ${driftCount}` : 'No drift'}
            </Badge>
          )}
        </div>
        <p className="muted">
          The organization’s members, teams and collections as a file: export it, edit it, see the plan, apply
          it, and see what changed since.
        </p>
      </header>
      {role !== undefined && role !== 'admin' && (
        <Banner tone="info" title="Only admins apply a file" data-testid="org-file-not-admin">
          You may export this organization and plan a file against it; applying it needs the admin role.
        </Banner>
      )}
      <RehearsalPanel
        orgTitle={org?.title ?? orgId}
        profileName={profileLabel(profile, profileId)}
        copy={copy}
        state={rehearsal.state}
        target={targetKind}
        onTarget={onTarget}
        onRehearse={rehearse}
        busy={running || rehearsal.state.status === 'running'}
      />
      <OrgFileWorkspace
        key={`${target.profileId}/${target.orgId}`}
        target={target}
        draft={draft}
        home={home}
        onDrift={setDriftCount}
        onRunning={setRunning}
      />
    </section>
  );
}
