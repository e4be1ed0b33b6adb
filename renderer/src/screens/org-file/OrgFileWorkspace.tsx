/**
 * The organization file's three tabs (File, Plan & apply, Drift) against one target: the organization itself, or its
 * copy in the local sandbox (the rehearsal). The screen keys it by target, so that switching starts from that
 * target's own stored apply and drift. The File tab's export always reads the organization itself (`home`).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { parseOrgFile } from '../../../../shared/orgfile/parse.ts';
import { errorMessage } from '../../bridge/errors.ts';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/Tabs.tsx';
import { toast } from '../../ui/Toast.tsx';
import { DriftTab, type Drift } from './DriftTab.tsx';
import { FileTab } from './FileTab.tsx';
import { PlanTab } from './PlanTab.tsx';
import { orgFileStore } from './storage.ts';
import { planFor, planText, type Planned, type Target } from './targetPlan.ts';
import { useApply } from './useApply.ts';
import type { useDraft } from './useDraft.ts';
import { useLiveSnapshot } from './useLiveSnapshot.ts';

type Tab = 'file' | 'plan' | 'drift';

/** Props of `OrgFileWorkspace`. */
export interface OrgFileWorkspaceProps {
  target: Target;
  draft: ReturnType<typeof useDraft>;
  /** The organization itself, read for the export (and, when it is the target, for plans). */
  home: ReturnType<typeof useLiveSnapshot>;
  /** The drift count, for the screen's header badge. */
  onDrift: (count: number | undefined) => void;
  /** Whether an apply runs (the target cannot change meanwhile). */
  onRunning: (running: boolean) => void;
}

/** The tabs against one target. */
export function OrgFileWorkspace({ target, draft, home, onDrift, onRunning }: OrgFileWorkspaceProps) {
  const { profileId, orgId } = target;
  const files = useMemo(() => orgFileStore(profileId, orgId), [profileId, orgId]);
  const own = useLiveSnapshot(profileId, orgId);
  const live = target.copy === undefined ? home : own;
  const { load, reuse } = live;
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

  /** Reads the target (the first plan after an export uses the export's read) and plans the text against it. */
  const plan = useCallback(
    (text: string) => {
      setTab('plan');
      reuse()
        .then((snapshot) => {
          const made = planText(text, snapshot, target);
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
    [reuse, target],
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
  const running = apply.view?.running === true;
  useEffect(() => onRunning(running), [running, onRunning]);

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
      ...planFor(parsed.file, snapshot.snapshot, target),
      snapshot: snapshot.snapshot,
      at: snapshot.at,
    };
  }, [applied, snapshot, target]);
  const driftCount = typeof drift === 'object' ? drift.plan.steps.length : undefined;
  useEffect(() => onDrift(driftCount), [driftCount, onDrift]);

  return (
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
        <FileTab draft={draft} live={home} onPlan={() => plan(draft.text)} />
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
  );
}
