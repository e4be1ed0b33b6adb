/**
 * The side panel of the selected row: its fields, validated as they are typed (contract bounds, path conflicts,
 * conditions against the adaptive schema), the public URL a path gives, default markers, delete. A refused save
 * keeps the input and shows the server's message.
 */
import { Value } from '@sinclair/typebox/value';
import { useState } from 'react';
import {
  IconName,
  SiteSectionDescription,
  SiteSectionGroupTitle,
  SiteSectionPath,
  SiteSectionTitle,
  SiteSpacePath,
} from '../../../../shared/contract/resources/siteStructure.ts';
import { displayTextMessage } from '../../../../shared/contract/display-text.ts';
import { errorMessage } from '../../bridge/errors.ts';
import type { structureCalls } from '../../queries/siteStructure.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/Dialog.tsx';
import { Banner } from '../../ui/Feedback.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toast } from '../../ui/Toast.tsx';
import { conditionProblem, type DeclaredClaim } from './claims.ts';
import { isDefault, ROOT, type StructureNode, type StructureTree } from './model.ts';
import { pathConflict, publicUrl } from './paths.ts';

/** Props of `Inspector`. */
export interface InspectorProps {
  tree: StructureTree;
  node: StructureNode;
  siteUrl: string | undefined;
  claims: readonly DeclaredClaim[];
  calls: ReturnType<typeof structureCalls>;
  announce: (text: string) => void;
}

/** The edited fields (strings as typed). */
interface Fields {
  title: string;
  path: string;
  icon: string;
  description: string;
  condition: string;
}

function fieldsOf(node: StructureNode): Fields {
  const item = node.item;
  return {
    title: node.title,
    path: node.kind === 'group' ? '' : node.item.path,
    icon: node.kind === 'site-space' ? '' : ((item as { icon?: string }).icon ?? ''),
    description: node.kind === 'section' ? (node.item.description ?? '') : '',
    condition: node.kind === 'group' ? '' : (node.item.condition ?? ''),
  };
}

/** The panel; give it `key={node.key}` so that another row starts from its own values. */
export function Inspector({ tree, node, siteUrl, claims, calls, announce }: InspectorProps) {
  const initial = fieldsOf(node);
  const [fields, setFields] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | undefined>(undefined);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const set = (field: keyof Fields) => (event: { currentTarget: { value: string } }) => {
    setFields({ ...fields, [field]: event.currentTarget.value });
    setServerError(undefined);
  };

  const kind = node.kind;
  const titleSchema = kind === 'group' ? SiteSectionGroupTitle : SiteSectionTitle;
  const pathSchema = kind === 'section' ? SiteSectionPath : SiteSpacePath;
  const errors = {
    title:
      kind !== 'site-space' && !Value.Check(titleSchema, fields.title.trim())
        ? (displayTextMessage('The title', titleSchema, fields.title.trim()) ??
          `The title needs ${titleSchema.minLength} to ${titleSchema.maxLength} characters.`)
        : undefined,
    path:
      kind !== 'group' && !Value.Check(pathSchema, fields.path.trim())
        ? `The path needs ${pathSchema.minLength} to ${pathSchema.maxLength} characters.`
        : undefined,
    icon: !Value.Check(IconName, fields.icon)
      ? (displayTextMessage('The icon name', IconName, fields.icon) ??
        `An icon name has at most ${IconName.maxLength} characters.`)
      : undefined,
    description: !Value.Check(SiteSectionDescription, fields.description)
      ? (displayTextMessage('The description', SiteSectionDescription, fields.description) ??
        `The description has at most ${SiteSectionDescription.maxLength} characters.`)
      : undefined,
    condition: kind === 'group' ? undefined : conditionProblem(fields.condition, claims),
  };
  const conflict = kind === 'group' ? undefined : pathConflict(tree, node.key, fields.path);
  const url = publicUrl(tree, siteUrl, node.key, fields.path.trim());
  const changed = (Object.keys(fields) as (keyof Fields)[]).filter(
    (field) => fields[field].trim() !== initial[field].trim(),
  );
  const blocked = Object.values(errors).some((error) => error !== undefined) || conflict !== undefined;

  const nullable = (value: string) => (value.trim() === '' ? null : value.trim());
  const save = async () => {
    if (blocked || changed.length === 0) return;
    setSaving(true);
    try {
      const has = (field: keyof Fields) => changed.includes(field);
      if (kind === 'section') {
        await calls.updateSection(node.id, {
          ...(has('title') ? { title: fields.title.trim() } : {}),
          ...(has('path') ? { path: fields.path.trim() } : {}),
          ...(has('icon') ? { icon: nullable(fields.icon) } : {}),
          ...(has('description') ? { description: nullable(fields.description) } : {}),
          ...(has('condition') ? { condition: nullable(fields.condition) } : {}),
        });
      } else if (kind === 'group') {
        await calls.updateGroup(node.id, {
          ...(has('title') ? { title: fields.title.trim() } : {}),
          ...(has('icon') ? { icon: nullable(fields.icon) } : {}),
        });
      } else {
        await calls.updateSiteSpace(node.id, {
          ...(has('path') ? { path: fields.path.trim() } : {}),
          ...(has('condition') ? { condition: nullable(fields.condition) } : {}),
        });
      }
      toast({ tone: 'success', title: `Saved “${fields.title.trim() || node.title}”` });
      announce('Saved.');
    } catch (error) {
      setServerError(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  const makeDefault = async () => {
    try {
      if (node.kind === 'section') await calls.updateSite({ defaultSiteSection: node.id });
      else if (node.kind === 'site-space') {
        const parent = tree.parentOf.get(node.key) ?? ROOT;
        if (parent === ROOT) await calls.updateSite({ defaultSiteSpace: node.id });
        else await calls.updateSection(tree.nodes.get(parent)!.id, { defaultSiteSpace: node.id });
      }
      announce(`“${node.title}” is now the default.`);
    } catch (error) {
      toast({ tone: 'error', title: `“${node.title}” is not the default`, description: errorMessage(error) });
    }
  };

  const remove = async () => {
    try {
      if (node.kind === 'section') await calls.deleteSection(node.id);
      else if (node.kind === 'group') await calls.deleteGroup(node.id);
      else await calls.deleteSiteSpace(node.id);
      setConfirmDelete(false);
      announce(`Deleted “${node.title}”.`);
    } catch (error) {
      setConfirmDelete(false);
      toast({ tone: 'error', title: `“${node.title}” not deleted`, description: errorMessage(error) });
    }
  };

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
        void save();
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
            onClick={() => void makeDefault()}
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
        onConfirm={() => void remove()}
      />
    </form>
  );
}
