/** The structure editor of a site: groups, sections and variants in one tree, rearranged and edited in place. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { errorMessage } from '../../bridge/errors.ts';
import { contentQuery } from '../../queries/content.ts';
import {
  adaptiveSchemaQuery,
  siteStructureQuery,
  structureCalls,
  structureSiteQuery,
} from '../../queries/siteStructure.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog, DialogClose } from '../../ui/Dialog.tsx';
import { Banner, EmptyState, Skeleton } from '../../ui/Feedback.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toast } from '../../ui/Toast.tsx';
import { Tooltip } from '../../ui/Tooltip.tsx';
import '../../ui/tree/tree.css';
import './structure.css';
import { declaredClaims } from './claims.ts';
import { Inspector } from './Inspector.tsx';
import { buildStructureTree, flattenStructure, ROOT } from './model.ts';
import { StructureTreeView } from './StructureTreeView.tsx';
import { usePendingStructureMoves, useStructureMoves } from './useStructureMoves.ts';

type Adding = { kind: 'section' } | { kind: 'group' } | { kind: 'variant'; sectionId: string | undefined };

/** The editor. */
export function StructureEditor(props: { profileId: string; orgId: string; siteId: string }) {
  const { profileId, orgId, siteId } = props;
  const queryClient = useQueryClient();
  const structure = useQuery(siteStructureQuery(profileId, orgId, siteId));
  const site = useQuery(structureSiteQuery(profileId, orgId, siteId));
  const schema = useQuery(adaptiveSchemaQuery(profileId, orgId, siteId));
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [focusedKey, setFocusedKey] = useState<string | undefined>(undefined);
  const [message, setMessage] = useState('');
  const [adding, setAdding] = useState<Adding | undefined>(undefined);
  const pending = usePendingStructureMoves(siteId);

  const tree = useMemo(
    () => (structure.data === undefined ? undefined : buildStructureTree(structure.data)),
    [structure.data],
  );
  // Everything starts open (new items too): the set remembers what the user closed.
  const expanded = useMemo(
    () => new Set([...(tree?.nodes.keys() ?? [])].filter((key) => !collapsed.has(key))),
    [tree, collapsed],
  );
  const rows = useMemo(() => (tree === undefined ? [] : flattenStructure(tree, expanded)), [tree, expanded]);
  const claims = useMemo(() => declaredClaims(schema.data), [schema.data]);
  const calls = useMemo(
    () => structureCalls(queryClient, profileId, orgId, siteId),
    [queryClient, profileId, orgId, siteId],
  );
  const announce = useCallback((text: string) => setMessage(text), []);
  const move = useStructureMoves({ profileId, orgId, siteId }, tree, announce);
  const toggle = useCallback(
    (key: string, open?: boolean) =>
      setCollapsed((previous) => {
        const next = new Set(previous);
        if (open ?? next.has(key)) next.delete(key);
        else next.add(key);
        return next;
      }),
    [],
  );

  if (structure.isError)
    return (
      <Banner tone="error" title="The structure could not be loaded" data-testid="structure-error">
        {errorMessage(structure.error)}
      </Banner>
    );
  if (tree === undefined)
    return (
      <div data-testid="structure-loading" aria-busy="true">
        <Skeleton width="16em" />
      </div>
    );

  const selected = focusedKey === undefined ? undefined : tree.nodes.get(focusedKey);
  const selectedSection =
    selected?.kind === 'section'
      ? selected.id
      : selected?.kind === 'site-space'
        ? tree.nodes.get(tree.parentOf.get(selected.key) ?? ROOT)?.id
        : undefined;

  return (
    <div className="structure-editor" data-testid="structure-editor">
      <div className="structure-toolbar">
        <Tooltip content="A section publishes one or more spaces (its variants) under a path. GitBook's app calls these sections too.">
          <Button
            size="sm"
            onClick={() => setAdding({ kind: 'section' })}
            data-testid="structure-add-section"
          >
            Add section
          </Button>
        </Tooltip>
        <Tooltip content="A section group gathers sections under a heading (a “group” in GitBook's app).">
          <Button
            size="sm"
            onClick={() => setAdding({ kind: 'group' })}
            disabled={tree.type === 'siteSpaces' && tree.nodes.size > 0}
            data-testid="structure-add-group"
          >
            Add group
          </Button>
        </Tooltip>
        <Tooltip content="A site space is a space published in a section (a “variant” in GitBook's app, e.g. a version or a language).">
          <Button
            size="sm"
            onClick={() => setAdding({ kind: 'variant', sectionId: selectedSection })}
            data-testid="structure-add-variant"
          >
            Add variant
          </Button>
        </Tooltip>
        <span className="muted structure-help">
          Space or Enter picks a row up, arrows choose the place, Space or Enter drops; Alt+↑/↓ reorders.
        </span>
      </div>
      <div className="structure-layout">
        <div className="structure-tree-panel">
          {rows.length === 0 ? (
            <EmptyState title="Nothing published yet">
              Add a section to start the site's structure.
            </EmptyState>
          ) : (
            <StructureTreeView
              tree={tree}
              rows={rows}
              focusedKey={focusedKey}
              setFocusedKey={setFocusedKey}
              toggle={toggle}
              move={move}
              announce={announce}
              pending={pending}
            />
          )}
        </div>
        {selected !== undefined && (
          <Inspector
            // A new form when the item's data changes (saved here or elsewhere); a refetch of the same data keeps it.
            key={`${selected.key}\n${JSON.stringify(selected.item)}`}
            tree={tree}
            node={selected}
            siteUrl={site.data?.urls.published}
            claims={claims}
            calls={calls}
            announce={announce}
          />
        )}
      </div>
      {adding !== undefined && (
        <AddDialog
          adding={adding}
          profileId={profileId}
          orgId={orgId}
          onClose={() => setAdding(undefined)}
          calls={calls}
          announce={announce}
          sectionTitle={
            adding.kind === 'variant' && adding.sectionId !== undefined
              ? tree.nodes.get(`section:${adding.sectionId}`)?.title
              : undefined
          }
        />
      )}
      <p className="visually-hidden" role="status" aria-live="polite" data-testid="structure-announcer">
        {message}
      </p>
    </div>
  );
}

/** The dialog that adds a section (from a space), a group, or a variant (a space into a section). */
function AddDialog(props: {
  adding: Adding;
  profileId: string;
  orgId: string;
  sectionTitle: string | undefined;
  calls: ReturnType<typeof structureCalls>;
  announce: (text: string) => void;
  onClose: () => void;
}) {
  const { adding, calls } = props;
  const content = useQuery({
    ...contentQuery(props.profileId, props.orgId),
    enabled: adding.kind !== 'group',
  });
  const [spaceId, setSpaceId] = useState('');
  const [title, setTitle] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const what = adding.kind === 'group' ? 'section group' : adding.kind === 'section' ? 'section' : 'variant';
  const add = useMutation({
    mutationFn: async () => {
      if (adding.kind === 'group') await calls.addGroup(title.trim());
      else if (adding.kind === 'section') await calls.addSection(spaceId, title.trim());
      else await calls.addSiteSpace(spaceId, adding.sectionId);
    },
    onSuccess: () => {
      toast({ tone: 'success', title: `Added the ${what}` });
      props.announce(`Added the ${what}.`);
      props.onClose();
    },
    onError: (error) => setProblem(errorMessage(error)),
  });

  const submit = () => {
    if (adding.kind === 'group' ? title.trim() === '' : spaceId === '') {
      setProblem(adding.kind === 'group' ? 'A group needs a title.' : 'Choose a space.');
      return;
    }
    add.mutate();
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) props.onClose();
      }}
      title={`Add a ${what}`}
      description={
        adding.kind === 'variant'
          ? props.sectionTitle === undefined
            ? 'The space goes into the default section (or the root of a site without sections).'
            : `The space goes into “${props.sectionTitle}”.`
          : undefined
      }
      data-testid="structure-add-dialog"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {adding.kind !== 'group' && (
          <div className="field">
            <label className="field-label" htmlFor="structure-add-space">
              Space
            </label>
            <select
              id="structure-add-space"
              className="input"
              value={spaceId}
              onChange={(event) => {
                setSpaceId(event.currentTarget.value);
                setProblem(undefined);
              }}
              data-testid="structure-add-space"
            >
              <option value="">{content.isPending ? 'Loading spaces…' : 'Choose a space'}</option>
              {(content.data?.spaces ?? []).map((space) => (
                <option key={space.id} value={space.id}>
                  {space.title}
                </option>
              ))}
            </select>
          </div>
        )}
        {adding.kind !== 'variant' && (
          <TextField
            label={adding.kind === 'group' ? 'Title' : 'Title (optional: the space title)'}
            value={title}
            onChange={(event) => {
              setTitle(event.currentTarget.value);
              setProblem(undefined);
            }}
            maxLength={adding.kind === 'group' ? 100 : 64}
            data-testid="structure-add-title"
          />
        )}
        {problem !== undefined && (
          <p className="field-error" role="alert" data-testid="structure-add-error">
            {problem}
          </p>
        )}
        <div className="dialog-actions">
          <DialogClose>
            <Button type="button">Cancel</Button>
          </DialogClose>
          <Button type="submit" variant="primary" pending={add.isPending} data-testid="structure-add-confirm">
            Add
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
