/**
 * The file: export the live organization (save it as a file, copy it, or edit it), open a file (picker or paste),
 * and edit it, with the reader's problems listed by where they are.
 */
import { useState, type ChangeEvent } from 'react';
import { exportOrgFile, orgFileYaml } from '../../../../shared/orgfile/export.ts';
import { errorMessage } from '../../bridge/errors.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/Dialog.tsx';
import { Banner } from '../../ui/Feedback.tsx';
import { downloadText } from '../../ui/download.ts';
import { toast } from '../../ui/Toast.tsx';
import { SnapshotProgress } from './SnapshotProgress.tsx';
import type { useDraft } from './useDraft.ts';
import type { useLiveSnapshot } from './useLiveSnapshot.ts';

/** A file name for an organization's file: its title and the day. */
export function orgFileName(title: string, day: Date): string {
  const slug =
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'organization';
  return `${slug}-${day.toISOString().slice(0, 10)}.org.yaml`;
}

/** The export of the live organization: offered to save, copy, or edit. */
function ExportSection({ live, onEdit }: { live: FileTabProps['live']; onEdit: (text: string) => void }) {
  const [exported, setExported] = useState<{ text: string; name: string; skipped: string[] } | undefined>();
  const runExport = () => {
    live
      .load()
      .then((snapshot) => {
        const { file, skipped } = exportOrgFile(snapshot);
        setExported({
          text: orgFileYaml(file),
          name: orgFileName(snapshot.organization.title, new Date()),
          skipped,
        });
      })
      .catch((error: unknown) => {
        toast({ tone: 'error', title: 'The export failed', description: errorMessage(error) });
      });
  };
  const copy = (text: string) => {
    void navigator.clipboard.writeText(text).then(
      () => toast({ tone: 'success', title: 'The file is copied' }),
      (error: unknown) => toast({ tone: 'error', title: 'Could not copy', description: errorMessage(error) }),
    );
  };
  return (
    <section className="org-file-section" aria-labelledby="org-file-export-title">
      <div className="org-file-section-head">
        <h2 id="org-file-export-title">Export</h2>
        <Button
          variant="primary"
          onClick={runExport}
          pending={live.state.status === 'loading'}
          data-testid="org-file-export"
        >
          Export the live organization
        </Button>
      </div>
      <SnapshotProgress state={live.state} onStop={live.stop} />
      {exported !== undefined && (
        <div className="org-file-exported" data-testid="org-file-exported">
          <p className="muted">
            {exported.name}: {exported.text.split('\n').length} lines.
            {exported.skipped.length > 0 && ` Left out: ${exported.skipped.join('; ')}.`}
          </p>
          <div className="org-file-actions">
            <Button
              onClick={() => downloadText(exported.text, exported.name, 'application/yaml;charset=utf-8')}
              data-testid="org-file-save"
            >
              Save as a file
            </Button>
            <Button onClick={() => copy(exported.text)} data-testid="org-file-copy">
              Copy
            </Button>
            <Button onClick={() => onEdit(exported.text)} data-testid="org-file-edit-export">
              Edit this file
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}

/** Props of `FileTab`. */
export interface FileTabProps {
  draft: ReturnType<typeof useDraft>;
  live: ReturnType<typeof useLiveSnapshot>;
  onPlan: () => void;
}

/** The export, the editor and its problems. */
export function FileTab({ draft, live, onPlan }: FileTabProps) {
  const [replacing, setReplacing] = useState<string | undefined>();

  /** Puts a file in the editor, asking first when that would drop edits. */
  const edit = (text: string) => {
    if (draft.dirty && draft.text !== text) setReplacing(text);
    else draft.load(text);
  };
  const open = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file === undefined) return;
    void file
      .text()
      .then(edit, (error: unknown) =>
        toast({ tone: 'error', title: `Could not read ${file.name}`, description: errorMessage(error) }),
      );
  };
  const problems = draft.parsed?.ok === false ? draft.parsed.problems : [];

  return (
    <div className="org-file-tab">
      <ExportSection live={live} onEdit={edit} />
      <section className="org-file-section" aria-labelledby="org-file-editor-title">
        <div className="org-file-section-head">
          <h2 id="org-file-editor-title">The file</h2>
          <div className="org-file-actions">
            <label className="btn btn-secondary org-file-open">
              Open a file…
              <input
                type="file"
                accept=".yaml,.yml,.json,application/yaml,application/json,text/yaml"
                onChange={open}
                className="visually-hidden"
                data-testid="org-file-open"
              />
            </label>
            {draft.text !== '' && (
              <Button onClick={() => downloadText(draft.text, 'organization.org.yaml', 'application/yaml')}>
                Save as a file
              </Button>
            )}
            <Button
              variant="primary"
              onClick={onPlan}
              disabled={draft.parsed?.ok !== true || !draft.current}
              data-testid="org-file-plan"
            >
              Plan
            </Button>
          </div>
        </div>
        <p className="muted" id="org-file-editor-hint">
          Paste a file here, open one, or export the organization and edit it. What you type is kept, also
          across a reload.
        </p>
        <textarea
          className="input org-file-editor"
          aria-labelledby="org-file-editor-title"
          aria-describedby="org-file-editor-hint org-file-problems"
          aria-invalid={problems.length > 0}
          spellCheck={false}
          value={draft.text}
          onChange={(event) => draft.setText(event.target.value)}
          data-testid="org-file-editor"
        />
        <div id="org-file-problems" aria-live="polite">
          {problems.length > 0 ? (
            <Banner tone="warning" title={`${problems.length} problem${problems.length === 1 ? '' : 's'}`}>
              <ul className="org-file-problems" data-testid="org-file-problems">
                {problems.map((problem) => (
                  <li key={problem} data-testid="org-file-problem">
                    {problem}
                  </li>
                ))}
              </ul>
            </Banner>
          ) : (
            draft.parsed?.ok === true && (
              <p className="muted" data-testid="org-file-valid">
                The file reads well: {draft.parsed.file.members.length} members,{' '}
                {draft.parsed.file.teams.length} teams.
              </p>
            )
          )}
        </div>
      </section>
      <ConfirmDialog
        open={replacing !== undefined}
        onOpenChange={(next) => !next && setReplacing(undefined)}
        title="Replace the file you are editing?"
        description="Your edits to the file in the editor would be lost. Save it as a file first to keep them."
        confirmLabel="Replace"
        onConfirm={() => {
          if (replacing !== undefined) draft.load(replacing);
          setReplacing(undefined);
        }}
      />
    </div>
  );
}
