/**
 * The state of the spec dialog's form: slug, source kind, URL, file (read here as text) or pasted text, the errors
 * by field, and the save through `useMutation` (the server's refusal goes to the field it names).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type DragEvent, type FormEvent } from 'react';
import type { Static } from '@sinclair/typebox';
import type { OpenAPISpec, OpenAPISpecSource } from '../../../../shared/contract/resources/openapi.ts';
import { errorMessage, errorStatus } from '../../bridge/errors.ts';
import { createSpec, replaceSpecSource } from '../../queries/openapi.ts';
import { toast } from '../../ui/Toast.tsx';
import {
  fieldOfRefusal,
  fileSizeProblem,
  slugFromFileName,
  slugProblem,
  sourceOf,
  type SourceKind,
  type SpecField,
} from './specForm.ts';

interface ChosenFile {
  name: string;
  size: number;
  text: string;
}

interface SpecFormOptions {
  profileId: string;
  orgId: string;
  spec: OpenAPISpec | undefined;
  onClose: () => void;
  onDone: (slug: string) => void;
}

/** The form's state and handlers. */
export function useSpecForm({ profileId, orgId, spec, onClose, onDone }: SpecFormOptions) {
  const queryClient = useQueryClient();
  const id = useId();
  const updating = spec !== undefined;
  const [slug, setSlug] = useState('');
  const [kind, setKind] = useState<SourceKind>(updating && spec.sourceURL === undefined ? 'text' : 'url');
  const [url, setUrl] = useState(spec?.sourceURL ?? '');
  const [text, setText] = useState('');
  const [file, setFile] = useState<ChosenFile | undefined>();
  const [reading, setReading] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<SpecField, string>>>({});
  const [formError, setFormError] = useState<string | undefined>();

  const clearError = (field: SpecField) =>
    setErrors((old) => {
      const { [field]: _removed, ...rest } = old;
      return rest;
    });

  const readFile = async (chosen: File | undefined) => {
    if (chosen === undefined) return;
    clearError('file');
    const tooLarge = fileSizeProblem(chosen.size);
    if (tooLarge !== undefined) {
      setFile(undefined);
      setErrors((old) => ({ ...old, file: tooLarge }));
      return;
    }
    setReading(true);
    try {
      const content = await chosen.text();
      setFile({ name: chosen.name, size: chosen.size, text: content });
      if (!updating && slug === '') setSlug(slugFromFileName(chosen.name));
    } catch (failure) {
      setFile(undefined);
      setErrors((old) => ({ ...old, file: `The file could not be read: ${errorMessage(failure)}` }));
    } finally {
      setReading(false);
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void readFile(event.dataTransfer.files[0]);
  };

  const save = useMutation({
    mutationFn: (source: Static<typeof OpenAPISpecSource>) =>
      updating
        ? replaceSpecSource(queryClient, profileId, orgId, spec.slug, source)
        : createSpec(queryClient, profileId, orgId, slug, source),
    onSuccess: (saved) => {
      toast({
        title: updating
          ? `New source for “${saved.slug}”: processing…`
          : `Spec “${saved.slug}” added: processing…`,
        tone: 'success',
      });
      onDone(saved.slug);
      onClose();
    },
    onError: (failure) => {
      const message = errorMessage(failure);
      const field = fieldOfRefusal(errorStatus(failure), message, kind);
      if (field !== undefined && (field !== 'slug' || !updating)) setErrors({ [field]: message });
      else setFormError(message);
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    const found: Partial<Record<SpecField, string>> = {};
    const slugError = updating ? undefined : slugProblem(slug);
    if (slugError !== undefined) found.slug = slugError;
    const source = sourceOf({ kind, url, fileText: file?.text, text });
    if (!source.ok) found[source.field] = source.message;
    setErrors(found);
    if (!source.ok || slugError !== undefined) return;
    save.mutate(source.source);
  };

  const described = (field: SpecField, hint?: string) =>
    [hint, errors[field] !== undefined ? `${id}-${field}-error` : undefined].filter(Boolean).join(' ') ||
    undefined;

  return {
    id,
    updating,
    slug,
    setSlug,
    kind,
    setKind,
    url,
    setUrl,
    text,
    setText,
    file,
    reading,
    dragging,
    setDragging,
    errors,
    formError,
    pending: save.isPending,
    clearError,
    readFile,
    onDrop,
    onSubmit,
    described,
  };
}

/** What `useSpecForm` returns. */
export type SpecForm = ReturnType<typeof useSpecForm>;
