/** Deleting a site from its settings: confirmed by typing the site's title; nothing else is lost. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import type { Site } from '../../../../shared/contract/resources/sites.ts';
import { errorMessage } from '../../bridge/errors.ts';
import { deleteSite } from '../../queries/sites.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog, DialogClose } from '../../ui/Dialog.tsx';
import { Banner } from '../../ui/Feedback.tsx';
import { toast } from '../../ui/Toast.tsx';

/** "Delete site…", confirmed by typing the site's title. */
export function DeleteSite({ profileId, orgId, site }: { profileId: string; orgId: string; site: Site }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const matches = typed.trim() === site.title;
  const remove = useMutation({
    mutationFn: () => deleteSite(queryClient, profileId, orgId, site.id),
    onSuccess: async () => {
      toast({ title: `Site “${site.title}” deleted`, tone: 'success' });
      setOpen(false);
      await navigate({ to: '/p/$profileId/orgs/$orgId/sites', params: { profileId, orgId } });
    },
  });
  const error = remove.isError ? errorMessage(remove.error) : undefined;
  const pending = remove.isPending;

  const onConfirm = (event: FormEvent) => {
    event.preventDefault();
    if (matches) remove.mutate();
  };

  return (
    <div className="section site-danger">
      <h3>Delete this site</h3>
      <p className="muted">
        The site, its sections, share links and adaptive schema are removed; its spaces stay in the
        organization.
      </p>
      <Button variant="danger" size="sm" onClick={() => setOpen(true)} data-testid="site-delete">
        Delete site…
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) {
            setTyped('');
            remove.reset();
          }
        }}
        title={`Delete site “${site.title}”?`}
        description={`${site.published ? 'The site goes offline at once and its' : 'Its'} ${site.siteSpaces} site space${site.siteSpaces === 1 ? '' : 's'}, sections and share links are removed. This cannot be undone. The spaces themselves are kept.`}
        data-testid="site-delete-dialog"
      >
        <form className="form" onSubmit={onConfirm} noValidate>
          <div className="field">
            <label className="field-label" htmlFor="site-delete-confirm">
              Type the site’s title, <strong>{site.title}</strong>, to confirm
            </label>
            <input
              id="site-delete-confirm"
              className="input"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              autoComplete="off"
              autoFocus
              data-testid="site-delete-confirm-input"
            />
          </div>
          {error !== undefined && (
            <Banner tone="error" title="The site was not deleted" data-testid="site-delete-error">
              {error}
            </Banner>
          )}
          <div className="dialog-actions">
            <DialogClose>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button
              type="submit"
              variant="danger"
              disabled={!matches}
              pending={pending}
              data-testid="confirm-button"
            >
              Delete site
            </Button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}
