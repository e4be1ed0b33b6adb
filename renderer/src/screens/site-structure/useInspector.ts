/**
 * The state of the Inspector: the edited fields, validated as they are typed (contract bounds, path conflicts,
 * conditions against the adaptive schema), the public URL a path gives, and its three writes as mutations (save,
 * make default, delete). A refused save keeps the input and shows the server's message.
 */
import { useMutation } from '@tanstack/react-query';
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
import { toast } from '../../ui/Toast.tsx';
import { conditionProblem } from './claims.ts';
import { ROOT, type StructureNode } from './model.ts';
import { pathConflict, publicUrl } from './paths.ts';
import type { InspectorProps } from './Inspector.tsx';

/** The edited fields (strings as typed). */
export interface Fields {
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

/** The fields, their problems, and the writes of the Inspector. */
export function useInspector({ tree, node, siteUrl, claims, calls, announce }: InspectorProps) {
  const initial = fieldsOf(node);
  const [fields, setFields] = useState(initial);
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
  const has = (field: keyof Fields) => changed.includes(field);
  const saveMutation = useMutation({
    mutationFn: async () => {
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
    },
    onSuccess: () => {
      toast({ tone: 'success', title: `Saved “${fields.title.trim() || node.title}”` });
      announce('Saved.');
    },
    onError: (error) => setServerError(errorMessage(error)),
  });
  const save = () => {
    if (blocked || changed.length === 0) return;
    saveMutation.mutate();
  };

  const makeDefault = useMutation({
    mutationFn: async () => {
      if (node.kind === 'section') await calls.updateSite({ defaultSiteSection: node.id });
      else if (node.kind === 'site-space') {
        const parent = tree.parentOf.get(node.key) ?? ROOT;
        if (parent === ROOT) await calls.updateSite({ defaultSiteSpace: node.id });
        else await calls.updateSection(tree.nodes.get(parent)!.id, { defaultSiteSpace: node.id });
      }
    },
    onSuccess: () => announce(`“${node.title}” is now the default.`),
    onError: (error) =>
      toast({ tone: 'error', title: `“${node.title}” is not the default`, description: errorMessage(error) }),
  });

  const remove = useMutation({
    mutationFn: async () => {
      if (node.kind === 'section') await calls.deleteSection(node.id);
      else if (node.kind === 'group') await calls.deleteGroup(node.id);
      else await calls.deleteSiteSpace(node.id);
    },
    onSuccess: () => {
      setConfirmDelete(false);
      announce(`Deleted “${node.title}”.`);
    },
    onError: (error) => {
      setConfirmDelete(false);
      toast({ tone: 'error', title: `“${node.title}” not deleted`, description: errorMessage(error) });
    },
  });

  return {
    fields,
    set,
    errors,
    conflict,
    url,
    changed,
    blocked,
    serverError,
    saving: saveMutation.isPending,
    save,
    makeDefault: () => makeDefault.mutate(),
    remove: () => remove.mutate(),
    confirmDelete,
    setConfirmDelete,
  };
}
