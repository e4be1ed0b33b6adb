/**
 * "New site": a title, a visibility, and its content: spaces picked from the organization (searchable, several,
 * the first picked becoming the default) or a new empty space. The server's refusal stays in the dialog with what
 * was typed; on success the site's screen opens.
 */
import type { Static } from '@sinclair/typebox';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import {
  SITE_VISIBILITIES,
  type CreateSite,
  type Site,
} from '../../../../shared/contract/resources/sites.ts';
import { errorMessage } from '../../bridge/errors.ts';
import { createSite, orgSpacesQuery } from '../../queries/sites.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog, DialogClose } from '../../ui/Dialog.tsx';
import { Banner } from '../../ui/Feedback.tsx';
import { toast } from '../../ui/Toast.tsx';
import { siteVisibilityHint, siteVisibilityLabel } from './labels.ts';
import { newSiteBody, type NewSiteSource } from './newSite.ts';
import { SpacePicker } from './SpacePicker.tsx';

/** Props of `NewSiteDialog`; mount it only while open, so that it starts empty. */
export interface NewSiteDialogProps {
  profileId: string;
  orgId: string;
  onClose: () => void;
}

/** Creating the site: the mutation, and the refusal it shows (on the title when the server names it). */
function useCreateSite(profileId: string, orgId: string, onClose: () => void) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [titleError, setTitleError] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();

  const create = useMutation({
    mutationFn: (body: Static<typeof CreateSite>) => createSite(queryClient, profileId, orgId, body),
    onSuccess: async (site) => {
      toast({ title: `Site “${site.title}” created`, tone: 'success' });
      onClose();
      await navigate({
        to: '/p/$profileId/orgs/$orgId/sites/$siteId',
        params: { profileId, orgId, siteId: site.id },
      });
    },
    onError: (failure) => {
      const message = errorMessage(failure);
      if (/`title`/.test(message)) setTitleError(message);
      else setError(message);
    },
  });
  return { create, titleError, setTitleError, error, setError };
}

/** The dialog. */
export function NewSiteDialog({ profileId, orgId, onClose }: NewSiteDialogProps) {
  const id = useId();
  const spaces = useQuery(orgSpacesQuery(profileId, orgId));
  const [title, setTitle] = useState('');
  const [visibility, setVisibility] = useState<Site['visibility']>('public');
  const [source, setSource] = useState<NewSiteSource>('choose');
  const [chosen, setChosen] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const { create, titleError, setTitleError, error, setError } = useCreateSite(profileId, orgId, onClose);
  const pending = create.isPending;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    const checked = newSiteBody({ title, visibility, source, spaces: chosen });
    if (!checked.ok) {
      if (checked.field === 'title') setTitleError(checked.message);
      else setError(checked.message);
      return;
    }
    create.mutate(checked.body);
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="New site"
      description="A site publishes spaces of this organization as documentation. GitBook shows the spaces of a site as its sections and variants."
      className="new-site-dialog"
      data-testid="new-site-dialog"
    >
      <form className="form" onSubmit={onSubmit} noValidate>
        <fieldset className="settings-fieldset" disabled={pending}>
          <div className="field">
            <label className="field-label" htmlFor={`${id}-title`}>
              Title
            </label>
            <input
              id={`${id}-title`}
              className="input"
              value={title}
              onChange={(event) => {
                setTitle(event.target.value);
                setTitleError(undefined);
              }}
              autoFocus
              autoComplete="off"
              placeholder="Docs site"
              aria-invalid={titleError !== undefined || undefined}
              aria-describedby={titleError !== undefined ? `${id}-title-error` : undefined}
              data-testid="new-site-title"
            />
            {titleError !== undefined && (
              <p id={`${id}-title-error`} className="field-error" data-testid="field-error-title">
                {titleError}
              </p>
            )}
          </div>
          <div className="field">
            <label className="field-label" htmlFor={`${id}-visibility`}>
              Visibility
            </label>
            <select
              id={`${id}-visibility`}
              className="input select"
              value={visibility}
              onChange={(event) => setVisibility(event.target.value as Site['visibility'])}
              aria-describedby={`${id}-visibility-hint`}
              data-testid="new-site-visibility"
            >
              {SITE_VISIBILITIES.map((value) => (
                <option key={value} value={value}>
                  {siteVisibilityLabel(value)}
                </option>
              ))}
            </select>
            <p id={`${id}-visibility-hint`} className="field-hint">
              {siteVisibilityHint(visibility)}
            </p>
          </div>
          <fieldset className="new-site-source">
            <legend className="field-label">Content</legend>
            <label className="transfer-target">
              <input
                type="radio"
                name={`${id}-source`}
                checked={source === 'choose'}
                onChange={() => setSource('choose')}
                data-testid="new-site-source-choose"
              />
              <span>Publish existing spaces</span>
            </label>
            <label className="transfer-target">
              <input
                type="radio"
                name={`${id}-source`}
                checked={source === 'empty'}
                onChange={() => setSource('empty')}
                data-testid="new-site-source-empty"
              />
              <span>Start with a new space, titled after the site</span>
            </label>
          </fieldset>
          {source === 'choose' && (
            <SpacePicker
              id={id}
              spaces={spaces}
              chosen={chosen}
              setChosen={setChosen}
              search={search}
              setSearch={setSearch}
            />
          )}
        </fieldset>
        {error !== undefined && (
          <Banner tone="error" title="The site was not created" data-testid="new-site-error">
            {error}
          </Banner>
        )}
        <div className="dialog-actions">
          <DialogClose>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button type="submit" variant="primary" pending={pending} data-testid="new-site-create">
            Create site
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
