/**
 * The side panel of the selected row: its fields, validated as they are typed (contract bounds, path conflicts,
 * conditions against the adaptive schema), the public URL a path gives, default markers, delete. A refused save
 * keeps the input and shows the server's message.
 */
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/Dialog.tsx';
import { Banner } from '../../ui/Feedback.tsx';
import { TextField } from '../../ui/TextField.tsx';
import type { structureCalls } from '../../queries/siteStructure.ts';
import type { DeclaredClaim } from './claims.ts';
import { isDefault, type StructureNode, type StructureTree } from './model.ts';
import { useInspector } from './useInspector.ts';

/** Props of `Inspector`. */
export interface InspectorProps {
  tree: StructureTree;
  node: StructureNode;
  siteUrl: string | undefined;
  claims: readonly DeclaredClaim[];
  calls: ReturnType<typeof structureCalls>;
  announce: (text: string) => void;
}

/** The panel; give it `key={node.key}` so that another row starts from its own values. */
export function Inspector(props: InspectorProps) {
  const { node, claims } = props;
  const kind = node.kind;
  const inspector = useInspector(props);
  const { fields, set, errors, conflict, url, changed, blocked, serverError, saving } = inspector;
  const { save, makeDefault, remove, confirmDelete, setConfirmDelete } = inspector;
  const kindWord = kind === 'group' ? 'section group' : kind === 'section' ? 'section' : 'site space';
  const lost =
    kind === 'group'
      ? 'Its sections stay in the site, at the top level.'
      : kind === 'section'
        ? 'Its site spaces leave the site (the spaces themselves are kept).'
        : 'The space leaves the site (the space itself is kept).';

  return (
    <form
      className="structure-inspector"
      data-testid="structure-inspector"
      data-kind={kind}
      aria-label={`Edit ${kindWord} “${node.title}”`}
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <h3 className="structure-inspector-title">
        {kind === 'site-space' ? `Site space “${node.title}”` : `Edit ${kindWord}`}
      </h3>
      {kind !== 'site-space' && (
        <TextField
          label="Title"
          value={fields.title}
          onChange={set('title')}
          error={errors.title}
          data-testid="section-title-input"
        />
      )}
      {kind !== 'group' && (
        <>
          <TextField
            label="Path"
            value={fields.path}
            onChange={set('path')}
            error={errors.path}
            data-testid="section-path-input"
            hint={
              <span data-testid="section-url-preview">
                {url === undefined ? 'Public URL once the site is published.' : url}
              </span>
            }
          />
          {conflict !== undefined && (
            <p className="field-error" role="alert" data-testid="section-path-conflict">
              “{conflict.title}” already uses the path “{fields.path.trim()}”
              {kind === 'section' ? ' in this site' : ' here'}.
            </p>
          )}
        </>
      )}
      {kind !== 'site-space' && (
        <TextField label="Icon" value={fields.icon} onChange={set('icon')} error={errors.icon} />
      )}
      {kind === 'section' && (
        <TextField
          label="Description"
          value={fields.description}
          onChange={set('description')}
          error={errors.description}
        />
      )}
      {kind !== 'group' && (
        <div className="field">
          <label className="field-label" htmlFor="structure-condition">
            Condition (who sees it; empty: everyone)
          </label>
          <textarea
            id="structure-condition"
            className="input"
            rows={2}
            value={fields.condition}
            onChange={set('condition')}
            aria-invalid={errors.condition !== undefined || undefined}
            aria-describedby={errors.condition !== undefined ? 'structure-condition-error' : undefined}
            placeholder="visitor.claims.beta == true"
            data-testid="section-condition-input"
          />
          {errors.condition !== undefined && (
            <p id="structure-condition-error" className="field-error" data-testid="condition-error">
              {errors.condition}
            </p>
          )}
          <p className="field-hint">
            Declared claims: {claims.length === 0 ? 'none' : claims.map((claim) => claim.name).join(', ')}
          </p>
        </div>
      )}
      {serverError !== undefined && (
        <Banner tone="error" data-testid="structure-save-error">
          {serverError}
        </Banner>
      )}
      <div className="structure-inspector-actions">
        <Button
          type="submit"
          variant="primary"
          pending={saving}
          disabled={blocked || changed.length === 0}
          data-testid="structure-save"
        >
          Save
        </Button>
        {kind !== 'group' && (
          <Button
            type="button"
            disabled={isDefault(node)}
            onClick={makeDefault}
            data-testid="structure-make-default"
          >
            {isDefault(node) ? 'Default' : 'Make default'}
          </Button>
        )}
        <Button
          type="button"
          variant="danger"
          onClick={() => setConfirmDelete(true)}
          data-testid="structure-delete"
        >
          Delete…
        </Button>
      </div>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={`Delete the ${kindWord} “${node.title}”?`}
        description={lost}
        confirmLabel="Delete"
        onConfirm={remove}
      />
    </form>
  );
}
