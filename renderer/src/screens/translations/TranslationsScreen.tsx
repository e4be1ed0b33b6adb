/** Translation settings: the organization's list (title and target languages), create, edit and delete. */
import { EditDeleteActions } from '../../ui/EditDeleteActions.tsx';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TranslationSettings } from '../../../../shared/contract/resources/translations.ts';
import { errorMessage } from '../../bridge/errors.ts';
import { profileLabel } from '../../layout/activeProfile.ts';
import { ErrorState } from '../../layout/ErrorState.tsx';
import { useDocumentTitle } from '../../layout/useDocumentTitle.ts';
import { profilesQuery } from '../../queries/profiles.ts';
import { translationsQuery, useDeleteTranslation } from '../../queries/translations.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/Dialog.tsx';
import { EmptyState, Skeleton } from '../../ui/Feedback.tsx';
import { toast } from '../../ui/Toast.tsx';
import { languageName } from './languages.ts';
import { TranslationDialog } from './TranslationDialog.tsx';
import './translations.css';

const DATE = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

/** The Translations screen of one organization. */
export function TranslationsScreen({ profileId, orgId }: { profileId: string; orgId: string }) {
  useDocumentTitle('Translation settings');
  const list = useQuery(translationsQuery(profileId, orgId));
  const profiles = useQuery(profilesQuery());
  const profileName = profileLabel(
    profiles.data?.profiles.find((p) => p.id === profileId),
    profileId,
  );
  const [dialog, setDialog] = useState<{ settings?: TranslationSettings } | undefined>();
  const [deleting, setDeleting] = useState<TranslationSettings | undefined>();
  const remove = useDeleteTranslation(profileId, orgId);

  const confirmDelete = () => {
    if (deleting === undefined) return;
    const target = deleting;
    remove.mutate(target.id, {
      onSuccess: () => {
        setDeleting(undefined);
        toast({ title: `Translation settings “${target.title}” deleted`, tone: 'success' });
      },
      onError: (error) => {
        setDeleting(undefined);
        toast({
          title: 'The translation settings were not deleted',
          description: errorMessage(error),
          tone: 'error',
        });
      },
    });
  };

  return (
    <section className="screen" data-testid="translations-screen" aria-labelledby="translations-title">
      <header className="screen-header translations-header">
        <div>
          <h1 id="translations-title">Translation settings</h1>
          <p>Which languages the organization’s content is translated into.</p>
        </div>
        <Button
          variant="primary"
          onClick={() => setDialog({})}
          disabled={list.isError}
          data-testid="translation-new"
        >
          New translation settings
        </Button>
      </header>
      {list.isError ? (
        <ErrorState
          error={list.error}
          what="the translation settings"
          profileName={profileName}
          onRetry={() => void list.refetch()}
        />
      ) : list.isPending ? (
        <div
          className="translations-loading"
          role="status"
          aria-busy="true"
          aria-label="Loading the translation settings"
        >
          <Skeleton width="100%" height="2.5rem" />
          <Skeleton width="100%" height="2.5rem" />
        </div>
      ) : list.data.length === 0 ? (
        <EmptyState title="No translation settings yet">
          Create one to say which languages your content is translated into.
        </EmptyState>
      ) : (
        <table className="translations-table" data-testid="translations-table">
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">Languages</th>
              <th scope="col">Updated</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((settings) => (
              <tr key={settings.id} data-testid="translation-row" data-translation-id={settings.id}>
                <td className="translation-title" data-testid="translation-row-title">
                  {settings.title}
                </td>
                <td>
                  {settings.languages.length === 0 ? (
                    <span className="muted">None yet</span>
                  ) : (
                    <ul className="translation-languages" aria-label={`Languages of ${settings.title}`}>
                      {settings.languages.map((code) => (
                        <li key={code} className="translation-language" data-code={code} title={code}>
                          {languageName(code)}
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
                <td className="muted">{DATE.format(new Date(settings.updatedAt))}</td>
                <td>
                  {settings.permissions.edit && (
                    <EditDeleteActions
                      name={settings.title}
                      onEdit={() => setDialog({ settings })}
                      onDelete={() => setDeleting(settings)}
                      testIdPrefix="translation"
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {dialog !== undefined && (
        <TranslationDialog
          key={dialog.settings?.id ?? 'new'}
          profileId={profileId}
          orgId={orgId}
          settings={dialog.settings}
          onClose={() => setDialog(undefined)}
        />
      )}
      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(open) => {
          if (!open) setDeleting(undefined);
        }}
        title={`Delete the translation settings “${deleting?.title ?? ''}”?`}
        description={`Its list of ${deleting?.languages.length ?? 0} target languages is lost; the content itself is not touched.`}
        confirmLabel="Delete settings"
        onConfirm={confirmDelete}
        pending={remove.isPending}
      />
    </section>
  );
}
