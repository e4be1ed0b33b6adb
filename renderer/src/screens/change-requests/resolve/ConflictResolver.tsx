/**
 * The conflicts of a request, each resolved in place: keep the main content's side, keep this request's, or (for
 * content) edit the merged text in a three-way editor with the common ancestor shown. "Apply" writes the request's
 * content and updates it from main (`useApplyResolution`); the merge check is clean after. A text edited by hand is
 * kept as a draft (session storage) until applied; a text still holding conflict markers is refused, naming the
 * line. Those who may not edit the request see the conflicts only.
 */
import '../review/review.css';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import type { Static } from '@sinclair/typebox';
import type {
  ChangeRequest,
  ChangeRequestConflict,
} from '../../../../../shared/contract/resources/changeRequests.ts';
import { conflictKey, type ConflictChoice } from '../../../../../shared/conflicts/resolution.ts';
import { errorMessage } from '../../../bridge/errors.ts';
import { spaceQuery } from '../../../queries/spaces.ts';
import { Button } from '../../../ui/Button.tsx';
import { Banner } from '../../../ui/Feedback.tsx';
import { toast } from '../../../ui/Toast.tsx';
import { drafts } from '../comments/storage.ts';
import { ConflictPage, ConflictView } from '../ConflictView.tsx';
import { markerLines, mergedWithMarkers } from './merged.ts';
import { pendingWrite, useApplyResolution } from './useApplyResolution.ts';

type Conflict = Static<typeof ChangeRequestConflict>;
type Side = ConflictChoice['side'];

const SIDE_LABELS: Record<Side, string> = {
  main: "Keep the main content's",
  changeRequest: "Keep this request's",
  edited: 'Edit the merged text',
};

/** The draft key of a conflict's edited text. */
const editKey = (profileId: string, request: ChangeRequest, conflict: Conflict) =>
  `docs-admin.conflictEdit.${profileId}:${request.id}:${conflict.page.id}`;

/** The choice of one conflict, and its editor. */
function Choice({
  conflict,
  side,
  onSide,
  text,
  onText,
}: {
  conflict: Conflict;
  side: Side;
  onSide: (side: Side) => void;
  text: string;
  onText: (text: string) => void;
}) {
  const name = useId();
  const editorId = useId();
  const editable = conflict.kind === 'content';
  const sides: Side[] = editable ? ['main', 'changeRequest', 'edited'] : ['main', 'changeRequest'];
  const markers = side === 'edited' ? markerLines(text) : [];
  return (
    <div className="cr-resolve" data-testid="cr-resolve">
      <fieldset className="cr-resolve-choice">
        <legend>Resolve “{conflict.page.title || 'Untitled page'}”</legend>
        {sides.map((value) => (
          <label key={value}>
            <input
              type="radio"
              name={name}
              value={value}
              checked={side === value}
              onChange={() => onSide(value)}
              data-testid={`cr-resolve-${value}`}
            />
            {SIDE_LABELS[value]}
          </label>
        ))}
      </fieldset>
      {side === 'edited' && (
        <div className="cr-three-way" data-testid="cr-three-way">
          <div className="cr-three-way-sides">
            <section aria-label="Main content">
              <h4>Main content</h4>
              <pre className="cr-conflict-source">{conflict.main ?? ''}</pre>
            </section>
            <section aria-label="Common ancestor">
              <h4>Common ancestor</h4>
              <pre className="cr-conflict-source" data-testid="cr-three-way-base">
                {conflict.base ?? ''}
              </pre>
            </section>
            <section aria-label="This change request">
              <h4>This change request</h4>
              <pre className="cr-conflict-source">{conflict.changeRequest ?? ''}</pre>
            </section>
          </div>
          <label htmlFor={editorId} className="cr-three-way-label">
            Merged text (markdown). Keep what you want between the markers, then remove the marker lines.
          </label>
          <textarea
            id={editorId}
            className="cr-three-way-editor"
            value={text}
            onChange={(event) => onText(event.target.value)}
            rows={Math.min(24, Math.max(6, text.split('\n').length + 1))}
            spellCheck={false}
            aria-invalid={markers.length > 0}
            data-testid="cr-three-way-editor"
          />
          {markers.length > 0 && (
            <p className="field-error" role="status" data-testid="cr-three-way-markers">
              Conflict markers remain on line{markers.length === 1 ? '' : 's'} {markers.join(', ')}.
            </p>
          )}
        </div>
      )}
    </div>
  );
}

/** The resolver (or the conflicts alone for those who may not edit the request). */
export function ConflictResolver({
  profileId,
  orgId,
  spaceId,
  request,
  conflicts,
}: {
  profileId: string;
  orgId: string;
  spaceId: string;
  request: ChangeRequest;
  conflicts: Conflict[];
}) {
  const space = useQuery(spaceQuery(profileId, spaceId));
  const apply = useApplyResolution({ profileId, orgId, spaceId, request });
  const [sides, setSides] = useState<ReadonlyMap<string, Side>>(new Map());
  const [texts, setTexts] = useState<ReadonlyMap<string, string>>(new Map());
  const [problem, setProblem] = useState<string | undefined>();
  const initial = useMemo(
    () =>
      new Map(
        conflicts.map((conflict) => [
          conflictKey(conflict),
          drafts.read(editKey(profileId, request, conflict)) ??
            mergedWithMarkers(conflict.base ?? '', conflict.main ?? '', conflict.changeRequest ?? ''),
        ]),
      ),
    [conflicts, profileId, request],
  );
  const editable = request.status !== 'merged' && space.data?.permissions.edit === true;
  if (!editable) return <ConflictView conflicts={conflicts} />;

  const textOf = (key: string) => texts.get(key) ?? initial.get(key) ?? '';
  const run = () => {
    setProblem(undefined);
    const choices = new Map<string, ConflictChoice>();
    for (const conflict of conflicts) {
      const key = conflictKey(conflict);
      const side = sides.get(key) ?? 'main';
      if (side !== 'edited') {
        choices.set(key, { side });
        continue;
      }
      const markers = markerLines(textOf(key));
      if (markers.length > 0) {
        setProblem(
          `The merged text of “${conflict.page.title}” still has conflict markers (line ${markers.join(', ')}).`,
        );
        return;
      }
      choices.set(key, { side, markdown: textOf(key) });
    }
    apply.mutate(
      { conflicts, choices },
      {
        onSuccess: () => {
          for (const conflict of conflicts) drafts.clear(editKey(profileId, request, conflict));
          toast({
            tone: 'success',
            title: `Resolved ${conflicts.length} conflict${conflicts.length === 1 ? '' : 's'} of #${request.number}`,
            description: 'The request is up to date with the main content.',
          });
        },
      },
    );
  };

  return (
    <section className="cr-conflicts" aria-labelledby="cr-conflicts-title" data-testid="cr-conflicts">
      <h2 id="cr-conflicts-title">
        {conflicts.length} conflict{conflicts.length === 1 ? '' : 's'} to resolve
      </h2>
      <p className="muted">
        Choose, for each, which side the request keeps, or edit the text. Apply writes the request’s content
        and updates it from main; nothing changes in the main content until you merge.
      </p>
      {conflicts.map((conflict, index) => {
        const key = conflictKey(conflict);
        return (
          <ConflictPage key={key} conflict={conflict} index={index}>
            <Choice
              conflict={conflict}
              side={sides.get(key) ?? 'main'}
              onSide={(side) => setSides(new Map(sides).set(key, side))}
              text={textOf(key)}
              onText={(text) => {
                drafts.write(editKey(profileId, request, conflict), text);
                setTexts(new Map(texts).set(key, text));
              }}
            />
          </ConflictPage>
        );
      })}
      {(problem !== undefined || apply.isError) && (
        <Banner tone="error" title="The conflicts were not resolved" data-testid="cr-resolve-error">
          <p>{problem ?? errorMessage(apply.error)}</p>
          {pendingWrite({ profileId, request }) !== undefined && (
            <p>The request took the main content’s side; Apply again to write what you chose.</p>
          )}
        </Banner>
      )}
      <div className="cr-resolve-actions">
        <Button variant="primary" onClick={run} pending={apply.isPending} data-testid="cr-resolve-apply">
          Apply and update from main
        </Button>
      </div>
    </section>
  );
}
