/** One identity provider of the SSO screen's list: label, status, entity ID, edit and delete. */
import type { SAMLProvider } from '../../../../shared/contract/resources/saml.ts';
import { EditDeleteActions } from '../../ui/EditDeleteActions.tsx';
import { Badge } from '../../ui/Feedback.tsx';

/** Props of `ProviderRow`. */
export interface ProviderRowProps {
  provider: SAMLProvider;
  /** Whether the form below edits this provider. */
  current: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

/** The row. */
export function ProviderRow({ provider, current, onEdit, onDelete }: ProviderRowProps) {
  return (
    <li
      className="saml-row"
      data-testid="saml-row"
      data-provider-id={provider.id}
      aria-current={current || undefined}
    >
      <div className="saml-row-main">
        <span className="saml-row-label">
          <span data-testid="saml-row-label">{provider.label}</span>
          <Badge
            tone={provider.status === 'active' ? 'accent' : 'warning'}
            title={
              provider.status === 'active'
                ? 'Entity ID, SSO URL and certificate are set: members can sign in with it.'
                : 'Not fully set up: it needs an entity ID, an SSO URL and a certificate.'
            }
            data-testid="saml-row-status"
          >
            {provider.status === 'active' ? 'Active' : 'Pending'}
          </Badge>
        </span>
        <span className="saml-row-detail saml-mono">{provider.entityID || 'No entity ID yet'}</span>
      </div>
      <EditDeleteActions name={provider.label} onEdit={onEdit} onDelete={onDelete} testIdPrefix="saml" />
    </li>
  );
}
