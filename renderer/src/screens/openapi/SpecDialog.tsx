/**
 * "Add OpenAPI spec" (a slug and a source) and "Update source" (a new source for an existing spec, sent with PUT).
 * The source is a URL, a file (chosen or dropped; read here as text) or pasted text. What is typed is checked
 * before sending (specForm.ts); the server's refusal goes to the field it names, with every input kept.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type DragEvent, type FormEvent } from 'react';
import type { OpenAPISpec } from '../../../../shared/contract/resources/openapi.ts';
import { errorMessage, errorStatus } from '../../bridge/errors.ts';
import { createSpec, replaceSpecSource } from '../../queries/openapi.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog, DialogClose } from '../../ui/Dialog.tsx';
import { Banner } from '../../ui/Feedback.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/Tabs.tsx';
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

/** Props of `SpecDialog`; mount it only while open, so that it starts empty. */
export interface SpecDialogProps {
  profileId: string;
  orgId: string;
  /** The spec whose source is replaced; none: a new spec. */
  spec?: OpenAPISpec;
  onClose: () => void;
  /** Called with the spec's slug once the server accepted it. */
  onDone: (slug: string) => void;
}

interface ChosenFile {
  name: string;
  size: number;
  text: string;
}

const kilobytes = (bytes: number) =>
  bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** The dialog. */
export function SpecDialog({ profileId, orgId, spec, onClose, onDone }: SpecDialogProps) {
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
  const [pending, setPending] = useState(false);

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

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    const found: Partial<Record<SpecField, string>> = {};
    const slugError = updating ? undefined : slugProblem(slug);
    if (slugError !== undefined) found.slug = slugError;
    const source = sourceOf({ kind, url, fileText: file?.text, text });
    if (!source.ok) found[source.field] = source.message;
    setErrors(found);
    if (!source.ok || slugError !== undefined) return;
    setPending(true);
    try {
      const saved = updating
        ? await replaceSpecSource(queryClient, profileId, orgId, spec.slug, source.source)
        : await createSpec(queryClient, profileId, orgId, slug, source.source);
      toast({
        title: updating
          ? `New source for “${saved.slug}”: processing…`
          : `Spec “${saved.slug}” added: processing…`,
        tone: 'success',
      });
      onDone(saved.slug);
      onClose();
    } catch (failure) {
      const message = errorMessage(failure);
      const field = fieldOfRefusal(errorStatus(failure), message, kind);
      if (field !== undefined && (field !== 'slug' || !updating)) setErrors({ [field]: message });
      else setFormError(message);
    } finally {
      setPending(false);
    }
  };

  const described = (field: SpecField, hint?: string) =>
    [hint, errors[field] !== undefined ? `${id}-${field}-error` : undefined].filter(Boolean).join(' ') ||
    undefined;
  const fieldError = (field: SpecField) =>
    errors[field] !== undefined && (
      <p id={`${id}-${field}-error`} className="field-error" data-testid={`openapi-field-error-${field}`}>
        {errors[field]}
      </p>
    );

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={updating ? `Update the source of “${spec.slug}”` : 'Add OpenAPI spec'}
      description={
        updating
          ? 'The spec is processed again from the new source; its versions stay, and a new one is added if the content changed.'
          : 'An OpenAPI 3.x or Swagger 2.0 description, as JSON or YAML: fetched from a URL, read from a file or pasted.'
      }
      className="openapi-dialog"
      data-testid="openapi-dialog"
    >
      <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <fieldset className="settings-fieldset" disabled={pending}>
          {!updating && (
            <div className="field">
              <label className="field-label" htmlFor={`${id}-slug`}>
                Slug
              </label>
              <input
                id={`${id}-slug`}
                className="input"
                value={slug}
                onChange={(event) => {
                  setSlug(event.target.value);
                  clearError('slug');
                }}
                autoFocus
                autoComplete="off"
                spellCheck={false}
                placeholder="petstore"
                aria-invalid={errors.slug !== undefined || undefined}
                aria-describedby={described('slug', `${id}-slug-hint`)}
                data-testid="openapi-slug"
              />
              <p id={`${id}-slug-hint`} className="field-hint">
                How the spec is referred to: lower-case letters and digits, in groups joined by single dashes.
              </p>
              {fieldError('slug')}
            </div>
          )}
          <Tabs value={kind} onValueChange={(value) => setKind(value as SourceKind)}>
            <TabsList aria-label="Source">
              <TabsTrigger value="url" data-testid="openapi-source-tab-url">
                URL
              </TabsTrigger>
              <TabsTrigger value="file" data-testid="openapi-source-tab-file">
                File
              </TabsTrigger>
              <TabsTrigger value="text" data-testid="openapi-source-tab-text">
                Paste text
              </TabsTrigger>
            </TabsList>
            <TabsContent value="url">
              <div className="field">
                <label className="field-label" htmlFor={`${id}-url`}>
                  URL
                </label>
                <input
                  id={`${id}-url`}
                  className="input"
                  type="url"
                  value={url}
                  onChange={(event) => {
                    setUrl(event.target.value);
                    clearError('url');
                  }}
                  autoComplete="off"
                  spellCheck={false}
                  placeholder="https://example.com/openapi.yaml"
                  aria-invalid={errors.url !== undefined || undefined}
                  aria-describedby={described('url', `${id}-url-hint`)}
                  data-testid="openapi-url"
                />
                <p id={`${id}-url-hint`} className="field-hint">
                  The server fetches it now, and again whenever the source is updated with the same URL.
                </p>
                {fieldError('url')}
              </div>
            </TabsContent>
            <TabsContent value="file">
              <div
                className="openapi-dropzone"
                data-dragging={dragging || undefined}
                data-testid="openapi-dropzone"
                onDragOver={(event) => {
                  event.preventDefault();
                  event.dataTransfer.dropEffect = 'copy';
                  setDragging(true);
                }}
                onDragLeave={() => setDragging(false)}
                onDrop={onDrop}
              >
                <label className="field-label" htmlFor={`${id}-file`}>
                  JSON or YAML file
                </label>
                <input
                  id={`${id}-file`}
                  type="file"
                  accept=".json,.yaml,.yml,application/json,application/yaml,text/yaml"
                  onChange={(event) => void readFile(event.target.files?.[0])}
                  aria-invalid={errors.file !== undefined || undefined}
                  aria-describedby={described('file', `${id}-file-hint`)}
                  data-testid="openapi-file"
                />
                <p id={`${id}-file-hint`} className="field-hint" aria-live="polite">
                  {reading
                    ? 'Reading the file…'
                    : file !== undefined
                      ? `${file.name} (${kilobytes(file.size)}) is ready to send.`
                      : 'Choose a file, or drop it here. At most 16 MB.'}
                </p>
                {fieldError('file')}
              </div>
            </TabsContent>
            <TabsContent value="text">
              <div className="field">
                <label className="field-label" htmlFor={`${id}-text`}>
                  Spec text
                </label>
                <textarea
                  id={`${id}-text`}
                  className="input textarea openapi-text"
                  rows={12}
                  value={text}
                  onChange={(event) => {
                    setText(event.target.value);
                    clearError('text');
                  }}
                  spellCheck={false}
                  placeholder={'openapi: 3.1.0\ninfo:\n  title: My API\n  version: 1.0.0\npaths: {}'}
                  aria-invalid={errors.text !== undefined || undefined}
                  aria-describedby={described('text', `${id}-text-hint`)}
                  data-testid="openapi-text"
                />
                <p id={`${id}-text-hint`} className="field-hint">
                  JSON or YAML, at most 16 MB.
                </p>
                {fieldError('text')}
              </div>
            </TabsContent>
          </Tabs>
        </fieldset>
        {formError !== undefined && (
          <Banner
            tone="error"
            title={updating ? 'The source was not updated' : 'The spec was not added'}
            data-testid="openapi-dialog-error"
          >
            {formError}
          </Banner>
        )}
        <div className="dialog-actions">
          <DialogClose>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button
            type="submit"
            variant="primary"
            pending={pending}
            disabled={reading}
            data-testid="openapi-submit"
          >
            {updating ? 'Update source' : 'Add spec'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
