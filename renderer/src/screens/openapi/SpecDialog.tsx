/**
 * "Add OpenAPI spec" (a slug and a source) and "Update source" (a new source for an existing spec, sent with PUT).
 * The source is a URL, a file (chosen or dropped; read here as text) or pasted text. What is typed is checked
 * before sending (specForm.ts); the server's refusal goes to the field it names, with every input kept.
 */
import type { OpenAPISpec } from '../../../../shared/contract/resources/openapi.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog, DialogClose } from '../../ui/Dialog.tsx';
import { Banner } from '../../ui/Feedback.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/Tabs.tsx';
import type { SourceKind, SpecField } from './specForm.ts';
import { useSpecForm, type SpecForm } from './useSpecForm.ts';

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

const kilobytes = (bytes: number) =>
  bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** A field's error under it, when it has one. */
function FieldError({ form, field }: { form: SpecForm; field: SpecField }) {
  const error = form.errors[field];
  return (
    error !== undefined && (
      <p
        id={`${form.id}-${field}-error`}
        className="field-error"
        data-testid={`openapi-field-error-${field}`}
      >
        {error}
      </p>
    )
  );
}

/** The source: a URL, a file (chosen or dropped) or pasted text, one tab each. */
function SourceTabs({ form }: { form: SpecForm }) {
  return (
    <Tabs value={form.kind} onValueChange={(value) => form.setKind(value as SourceKind)}>
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
          <label className="field-label" htmlFor={`${form.id}-url`}>
            URL
          </label>
          <input
            id={`${form.id}-url`}
            className="input"
            type="url"
            value={form.url}
            onChange={(event) => {
              form.setUrl(event.target.value);
              form.clearError('url');
            }}
            autoComplete="off"
            spellCheck={false}
            placeholder="https://example.com/openapi.yaml"
            aria-invalid={form.errors.url !== undefined || undefined}
            aria-describedby={form.described('url', `${form.id}-url-hint`)}
            data-testid="openapi-url"
          />
          <p id={`${form.id}-url-hint`} className="field-hint">
            The server fetches it now, and again whenever the source is updated with the same URL.
          </p>
          <FieldError form={form} field="url" />
        </div>
      </TabsContent>
      <TabsContent value="file">
        <div
          className="openapi-dropzone"
          data-dragging={form.dragging || undefined}
          data-testid="openapi-dropzone"
          onDragOver={(event) => {
            event.preventDefault();
            event.dataTransfer.dropEffect = 'copy';
            form.setDragging(true);
          }}
          onDragLeave={() => form.setDragging(false)}
          onDrop={form.onDrop}
        >
          <label className="field-label" htmlFor={`${form.id}-file`}>
            JSON or YAML file
          </label>
          <input
            id={`${form.id}-file`}
            type="file"
            accept=".json,.yaml,.yml,application/json,application/yaml,text/yaml"
            onChange={(event) => void form.readFile(event.target.files?.[0])}
            aria-invalid={form.errors.file !== undefined || undefined}
            aria-describedby={form.described('file', `${form.id}-file-hint`)}
            data-testid="openapi-file"
          />
          <p id={`${form.id}-file-hint`} className="field-hint" aria-live="polite">
            {form.reading
              ? 'Reading the file…'
              : form.file !== undefined
                ? `${form.file.name} (${kilobytes(form.file.size)}) is ready to send.`
                : 'Choose a file, or drop it here. At most 16 MB.'}
          </p>
          <FieldError form={form} field="file" />
        </div>
      </TabsContent>
      <TabsContent value="text">
        <div className="field">
          <label className="field-label" htmlFor={`${form.id}-text`}>
            Spec text
          </label>
          <textarea
            id={`${form.id}-text`}
            className="input textarea openapi-text"
            rows={12}
            value={form.text}
            onChange={(event) => {
              form.setText(event.target.value);
              form.clearError('text');
            }}
            spellCheck={false}
            placeholder={'openapi: 3.1.0\ninfo:\n  title: My API\n  version: 1.0.0\npaths: {}'}
            aria-invalid={form.errors.text !== undefined || undefined}
            aria-describedby={form.described('text', `${form.id}-text-hint`)}
            data-testid="openapi-text"
          />
          <p id={`${form.id}-text-hint`} className="field-hint">
            JSON or YAML, at most 16 MB.
          </p>
          <FieldError form={form} field="text" />
        </div>
      </TabsContent>
    </Tabs>
  );
}

/** The dialog. */
export function SpecDialog({ profileId, orgId, spec, onClose, onDone }: SpecDialogProps) {
  const form = useSpecForm({ profileId, orgId, spec, onClose, onDone });
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={spec !== undefined ? `Update the source of “${spec.slug}”` : 'Add OpenAPI spec'}
      description={
        form.updating
          ? 'The spec is processed again from the new source; its versions stay, and a new one is added if the content changed.'
          : 'An OpenAPI 3.x or Swagger 2.0 description, as JSON or YAML: fetched from a URL, read from a file or pasted.'
      }
      className="openapi-dialog"
      data-testid="openapi-dialog"
    >
      <form className="form" onSubmit={form.onSubmit} noValidate>
        <fieldset className="settings-fieldset" disabled={form.pending}>
          {!form.updating && (
            <div className="field">
              <label className="field-label" htmlFor={`${form.id}-slug`}>
                Slug
              </label>
              <input
                id={`${form.id}-slug`}
                className="input"
                value={form.slug}
                onChange={(event) => {
                  form.setSlug(event.target.value);
                  form.clearError('slug');
                }}
                autoFocus
                autoComplete="off"
                spellCheck={false}
                placeholder="petstore"
                aria-invalid={form.errors.slug !== undefined || undefined}
                aria-describedby={form.described('slug', `${form.id}-slug-hint`)}
                data-testid="openapi-slug"
              />
              <p id={`${form.id}-slug-hint`} className="field-hint">
                How the spec is referred to: lower-case letters and digits, in groups joined by single dashes.
              </p>
              <FieldError form={form} field="slug" />
            </div>
          )}
          <SourceTabs form={form} />
        </fieldset>
        {form.formError !== undefined && (
          <Banner
            tone="error"
            title={form.updating ? 'The source was not updated' : 'The spec was not added'}
            data-testid="openapi-dialog-error"
          >
            {form.formError}
          </Banner>
        )}
        <div className="dialog-actions">
          <DialogClose>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button
            type="submit"
            variant="primary"
            pending={form.pending}
            disabled={form.reading}
            data-testid="openapi-submit"
          >
            {form.updating ? 'Update source' : 'Add spec'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
