/**
 * SAML single sign-on: the organization's identity providers (list, add, edit, delete), the guided form of the one
 * being edited, the reminder that administrators keep password sign-in when SSO is enforced, and the SSO login info
 * (the sign-in options members see).
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { SAMLProvider } from '../../../../shared/contract/resources/saml.ts';
import { errorMessage } from '../../bridge/errors.ts';
import { profileLabel } from '../../layout/activeProfile.ts';
import { ErrorState } from '../../layout/ErrorState.tsx';
import { useDocumentTitle } from '../../layout/useDocumentTitle.ts';
import { profilesQuery } from '../../queries/profiles.ts';
import { samlProvidersQuery, ssoLoginsQuery, useDeleteSamlProvider } from '../../queries/saml.ts';
import { teamsQuery } from '../../queries/teams.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/Dialog.tsx';
import { EmptyState, Skeleton } from '../../ui/Feedback.tsx';
import { toast } from '../../ui/Toast.tsx';
import { ProviderForm } from './ProviderForm.tsx';
import { ProviderRow } from './ProviderRow.tsx';
import './saml.css';

/** Which provider the form shows: a new one, or a saved one (with its last known state while the list reloads). */
type Editing = { kind: 'new' } | { kind: 'edit'; id: string; known: SAMLProvider };

/** The SAML single sign-on screen of one organization. */
export function SsoScreen({ profileId, orgId }: { profileId: string; orgId: string }) {
  useDocumentTitle('SAML single sign-on');
  const providers = useQuery(samlProvidersQuery(profileId, orgId));
  const teams = useQuery(teamsQuery(profileId, orgId));
  const profiles = useQuery(profilesQuery());
  const profileName = profileLabel(
    profiles.data?.profiles.find((p) => p.id === profileId),
    profileId,
  );
  const [editing, setEditing] = useState<Editing | undefined>();
  const [deleting, setDeleting] = useState<SAMLProvider | undefined>();
  const remove = useDeleteSamlProvider(profileId, orgId);

  const edited =
    editing?.kind === 'edit'
      ? (providers.data?.find((provider) => provider.id === editing.id) ?? editing.known)
      : undefined;

  const confirmDelete = () => {
    if (deleting === undefined) return;
    const target = deleting;
    remove.mutate(target.id, {
      onSuccess: () => {
        setDeleting(undefined);
        if (editing?.kind === 'edit' && editing.id === target.id) setEditing(undefined);
        toast({ title: `SAML provider “${target.label}” deleted`, tone: 'success' });
      },
      onError: (error) => {
        setDeleting(undefined);
        toast({ title: 'The provider was not deleted', description: errorMessage(error), tone: 'error' });
      },
    });
  };

  return (
    <section className="screen" data-testid="saml-screen" aria-labelledby="saml-title">
      <header className="screen-header">
        <h1 id="saml-title">SAML single sign-on</h1>
        <p>Let members sign in through your identity provider (Okta, Entra ID, Google Workspace…).</p>
      </header>

      <aside
        className="banner banner-warning"
        aria-label="About SSO enforcement"
        data-testid="sso-enforcement-warning"
      >
        <div className="banner-body">
          <p className="banner-title">Administrators keep password sign-in</p>
          <div className="banner-text">
            When SSO is enforced (Organization settings), members must sign in through an active provider
            here. Administrators can always sign in without SSO, so a wrong certificate or URL never locks the
            organization out: test a provider before enforcing it.
          </div>
        </div>
      </aside>

      <section className="section" aria-labelledby="saml-providers-title">
        <div className="saml-section-header">
          <h2 id="saml-providers-title">Identity providers</h2>
          <Button
            variant="primary"
            size="sm"
            onClick={() => setEditing({ kind: 'new' })}
            disabled={providers.isError}
            data-testid="saml-add"
          >
            Add a provider
          </Button>
        </div>
        {providers.isError ? (
          <ErrorState
            error={providers.error}
            what="the SAML providers"
            profileName={profileName}
            onRetry={() => void providers.refetch()}
          />
        ) : providers.isPending ? (
          <div className="saml-list" role="status" aria-busy="true" aria-label="Loading the SAML providers">
            <Skeleton width="100%" height="2.5rem" />
            <Skeleton width="100%" height="2.5rem" />
          </div>
        ) : providers.data.length === 0 ? (
          <EmptyState title="No SAML provider yet">
            Add one to let members sign in through your identity provider.
          </EmptyState>
        ) : (
          <ul className="saml-list" data-testid="saml-list">
            {providers.data.map((provider) => (
              <ProviderRow
                key={provider.id}
                provider={provider}
                current={edited?.id === provider.id}
                onEdit={() => setEditing({ kind: 'edit', id: provider.id, known: provider })}
                onDelete={() => setDeleting(provider)}
              />
            ))}
          </ul>
        )}
      </section>

      {editing !== undefined && (
        <section className="section card" aria-label="SAML provider form">
          <ProviderForm
            key={editing.kind === 'new' ? 'new' : editing.id}
            profileId={profileId}
            orgId={orgId}
            provider={edited}
            teams={teams.data?.items}
            onSaved={(saved) => setEditing({ kind: 'edit', id: saved.id, known: saved })}
            onClose={() => setEditing(undefined)}
          />
        </section>
      )}

      <SsoLogins profileId={profileId} orgId={orgId} profileName={profileName} />

      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(open) => {
          if (!open) setDeleting(undefined);
        }}
        title={`Delete the SAML provider “${deleting?.label ?? ''}”?`}
        description="Members can no longer sign in through it, and its settings (entity ID, SSO URL, certificate, default team and role) are lost. The identity provider keeps its own configuration."
        confirmLabel="Delete provider"
        onConfirm={confirmDelete}
        pending={remove.isPending}
      />
    </section>
  );
}

/** The SSO login info: the sign-in options members see (active providers). */
function SsoLogins({
  profileId,
  orgId,
  profileName,
}: {
  profileId: string;
  orgId: string;
  profileName: string;
}) {
  const logins = useQuery(ssoLoginsQuery(profileId, orgId));
  return (
    <section className="section" aria-labelledby="sso-logins-title" data-testid="sso-logins">
      <h2 id="sso-logins-title">SSO login info</h2>
      <p className="muted">
        The sign-in options members see: every active provider, with the address that starts its sign-in.
      </p>
      {logins.isError ? (
        <ErrorState
          error={logins.error}
          what="the SSO login info"
          profileName={profileName}
          onRetry={() => void logins.refetch()}
        />
      ) : logins.isPending ? (
        <Skeleton width="100%" height="2.5rem" />
      ) : logins.data.length === 0 ? (
        <EmptyState title="No active provider">
          A provider becomes active once its entity ID, SSO URL and certificate are set.
        </EmptyState>
      ) : (
        <table className="saml-table">
          <thead>
            <tr>
              <th scope="col">Label</th>
              <th scope="col">ID</th>
              <th scope="col">Start URL</th>
            </tr>
          </thead>
          <tbody>
            {logins.data.map((login) => (
              <tr key={login.id} data-testid="sso-login-row" data-provider-id={login.id}>
                <td>{login.label}</td>
                <td className="saml-mono">{login.id}</td>
                <td className="saml-mono saml-wrap">{login.startURL}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
