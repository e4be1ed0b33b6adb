/**
 * The organization file (issue 19): export an organization's configuration as a YAML file, edit it (or open one),
 * plan it against the live organization with a preview, apply it step by step with a report (resumable after a
 * quit), and see the drift since the last apply. Three tabs: File, Plan & apply, Drift; the drift count is a badge
 * in the header and on its tab. The live organization is read once per action and shared by the three.
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { exportOrgFile, orgFileYaml } from '../../../../shared/orgfile/export.ts';
import { parseOrgFile } from '../../../../shared/orgfile/parse.ts';
import { planOrgFile } from '../../../../shared/orgfile/plan.ts';
import type { OrgSnapshot } from '../../../../shared/orgfile/snapshot.ts';
import { errorMessage } from '../../bridge/errors.ts';
import { useDocumentTitle } from '../../layout/useDocumentTitle.ts';
import { memberQuery } from '../../queries/members.ts';
import { currentUserQuery } from '../../queries/teams.ts';
import { Badge, Banner } from '../../ui/Feedback.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/Tabs.tsx';
import { toast } from '../../ui/Toast.tsx';
import { DriftTab, type Drift } from './DriftTab.tsx';
import { FileTab } from './FileTab.tsx';
import { PlanTab, type Planned } from './PlanTab.tsx';
import { orgFileStore } from './storage.ts';
import { useApply } from './useApply.ts';
import { useDraft } from './useDraft.ts';
import { useLiveSnapshot } from './useLiveSnapshot.ts';
import './orgFile.css';

type Tab = 'file' | 'plan' | 'drift';

/** The plan of a file's text against a snapshot, with the texts its preview compares. */
function planText(fileText: string, snapshot: OrgSnapshot): Planned | string {
  const parsed = parseOrgFile(fileText);
  if (!parsed.ok) return parsed.problems.join('; ');
  return {
    plan: planOrgFile(parsed.file, snapshot),
    fileText,
    shownText: orgFileYaml(parsed.file),
    liveText: orgFileYaml(exportOrgFile(snapshot).file),
    at: new Date(),
  };
}

/** The organization file screen of one organization. */
export function OrgFileScreen({ profileId, orgId }: { profileId: string; orgId: string }) {
  useDocumentTitle('Organization file');
  const files = useMemo(() => orgFileStore(profileId, orgId), [profileId, orgId]);
  const live = useLiveSnapshot(profileId, orgId);
  const { load } = live;
  const draft = useDraft(files);
  const [tab, setTab] = useState<Tab>(() => (files.apply() !== undefined ? 'plan' : 'file'));
  const [planned, setPlanned] = useState<Planned | undefined>();
  const [applied, setAppliedState] = useState(() => files.applied());

  const storeApplied = useCallback(
    (text: string) => {
      const next = { text, at: files.applied()?.at ?? new Date().toISOString() };
      files.setApplied(next);
      setAppliedState(next);
    },
    [files],
  );

  /** Reads the organization and plans the editor's text against it. */
  const plan = useCallback(
    (text: string) => {
      setTab('plan');
      load()
        .then((snapshot) => {
          const made = planText(text, snapshot);
          if (typeof made === 'string')
            toast({ tone: 'error', title: 'The file does not read', description: made });
          else setPlanned(made);
        })
        .catch((error: unknown) =>
          toast({
            tone: 'error',
            title: 'Could not read the organization',
            description: errorMessage(error),
          }),
        );
    },
    [load],
  );
  const draftNow = useRef(draft);
  draftNow.current = draft;
  const onApplied = useCallback(() => {
    setAppliedState(files.applied());
    draftNow.current.settle();
    // The second plan of the same file says what is left: "nothing to change" when all went through.
    plan(draftNow.current.text);
  }, [files, plan]);
  const apply = useApply(profileId, orgId, files, onApplied);

  // Drift, on opening the screen: the stored file against the organization as read now.
  const checked = useRef(false);
  useEffect(() => {
    if (checked.current || files.applied() === undefined) return;
    checked.current = true;
    load().catch(() => undefined);
  }, [files, load]);
  const snapshot = live.state.status === 'ready' ? live.state : undefined;
  const drift = useMemo((): Drift | string | undefined => {
    if (applied === undefined || snapshot === undefined) return undefined;
    const parsed = parseOrgFile(applied.text);
    if (!parsed.ok) return parsed.problems.join('; ');
    return {
      file: parsed.file,
      plan: planOrgFile(parsed.file, snapshot.snapshot),
      snapshot: snapshot.snapshot,
      at: snapshot.at,
    };
  }, [applied, snapshot]);
  const driftCount = typeof drift === 'object' ? drift.plan.steps.length : undefined;
  // Anyone may export and plan; applying asks an admin (the API refuses the rest, step by step).
  const me = useQuery(currentUserQuery(profileId)).data;
  const role = useQuery({ ...memberQuery(profileId, orgId, me?.id ?? ''), enabled: me !== undefined }).data
    ?.role;

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
      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
        <TabsList aria-label="Organization file">
          <TabsTrigger value="file" data-testid="org-file-tab-file">
            File
          </TabsTrigger>
          <TabsTrigger value="plan" data-testid="org-file-tab-plan">
            Plan & apply
          </TabsTrigger>
          <TabsTrigger value="drift" data-testid="org-file-tab-drift">
            Drift{driftCount !== undefined && driftCount > 0 ? ` (${driftCount})` : ''}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="file">
          <FileTab draft={draft} live={live} onPlan={() => plan(draft.text)} />
        </TabsContent>
        <TabsContent value="plan">
          <PlanTab
            planned={planned}
            stale={planned !== undefined && planned.fileText !== draft.text}
            snapshot={live.state}
            onPlan={() => plan(draft.text)}
            onStopReading={live.stop}
            apply={apply}
            onPlanFile={(text) => {
              draft.load(text);
              plan(text);
            }}
          />
        </TabsContent>
        <TabsContent value="drift">
          <DriftTab
            profileId={profileId}
            orgId={orgId}
            applied={applied}
            drift={drift}
            snapshot={live.state}
            onCheck={() => void live.load().catch(() => undefined)}
            onStopReading={live.stop}
            onStore={storeApplied}
          />
        </TabsContent>
      </Tabs>
    </section>
  );
}
