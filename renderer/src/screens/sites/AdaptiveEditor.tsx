/**
 * The adaptive schema of a site: the visitor claims that conditions may read, edited as a list (name, description,
 * signed or unsigned) or as the raw JSON schema, the two views kept in step. Checked before sending; the server's
 * refusal (e.g. a claim a condition still reads) is shown with the edits kept.
 */
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { Site } from '../../../../shared/contract/resources/sites.ts';
import { profileLabel, useActiveProfile } from '../../layout/activeProfile.ts';
import { ErrorState } from '../../layout/ErrorState.tsx';
import { adaptiveSchemaQuery } from '../../queries/sites.ts';
import { Button } from '../../ui/Button.tsx';
import { Banner, EmptyState, Skeleton } from '../../ui/Feedback.tsx';
import { claimsOf, type Claim } from './adaptiveSchema.ts';
import { ClaimRow } from './ClaimRow.tsx';
import { useClaimsForm } from './useClaimsForm.ts';

/** Props of `AdaptiveEditor`. */
export interface AdaptiveEditorProps {
  profileId: string;
  orgId: string;
  site: Site;
  readOnly: boolean;
}

/** The adaptive content tab: loads the schema, then edits it. */
export function AdaptiveEditor({ profileId, orgId, site, readOnly }: AdaptiveEditorProps) {
  const schema = useQuery(adaptiveSchemaQuery(profileId, orgId, site.id));
  const { profile } = useActiveProfile();
  return (
    <div className="section adaptive-editor" data-testid="adaptive-editor">
      <h2>Visitor claims</h2>
      <p className="muted">
        Claims are facts about a visitor (booleans) that the conditions of sections and site spaces read, as{' '}
        <code>visitor.claims.name</code>. Signed claims come from your authentication token; unsigned ones (
        <code>visitor.claims.unsigned.name</code>) may be set by the visitor’s browser, so never gate secrets
        on them.
      </p>
      {site.adaptiveContent?.enabled !== true && (
        <Banner tone="info" title="Adaptive content is off" data-testid="adaptive-off">
          Conditions are ignored until it is turned on in Settings; the claims can be prepared meanwhile.
        </Banner>
      )}
      {schema.isError ? (
        <ErrorState
          error={schema.error}
          what="the adaptive schema"
          profileName={profileLabel(profile, profileId)}
          onRetry={() => void schema.refetch()}
        />
      ) : schema.isPending ? (
        <Skeleton width="100%" height="6rem" />
      ) : (
        <ClaimsForm
          key={schema.data.updatedAt}
          profileId={profileId}
          orgId={orgId}
          siteId={site.id}
          saved={claimsOf(schema.data.jsonSchema)}
          readOnly={readOnly}
        />
      )}
    </div>
  );
}

/** The list and raw views over one set of edits. */
function ClaimsForm({
  profileId,
  orgId,
  siteId,
  saved: initial,
  readOnly,
}: {
  profileId: string;
  orgId: string;
  siteId: string;
  saved: Claim[];
  readOnly: boolean;
}) {
  const id = useId();
  const form = useClaimsForm({ profileId, orgId, siteId, saved: initial, readOnly });
  const { claims, setClaims, errors, raw, setRaw, rawError, setRawError, serverError, pending, dirty } = form;
  const { focusNew, setFocusNew, edit, remove, toggleRaw, onSave, discard } = form;

  return (
    <div className="claims-form">
      <div className="claims-toolbar">
        <Button
          size="sm"
          variant="ghost"
          onClick={toggleRaw}
          aria-pressed={raw !== undefined}
          data-testid="adaptive-raw-toggle"
        >
          {raw === undefined ? 'Edit as JSON' : 'Edit as a list'}
        </Button>
      </div>
      {raw !== undefined ? (
        <div className="field">
          <label className="field-label" htmlFor={`${id}-raw`}>
            JSON schema (draft-07)
          </label>
          <textarea
            id={`${id}-raw`}
            className="textarea adaptive-raw"
            value={raw}
            onChange={(event) => {
              setRaw(event.target.value);
              setRawError(undefined);
            }}
            readOnly={readOnly}
            rows={16}
            spellCheck={false}
            aria-invalid={rawError !== undefined || undefined}
            aria-describedby={rawError !== undefined ? `${id}-raw-error` : undefined}
            data-testid="adaptive-raw"
          />
          {rawError !== undefined && (
            <p id={`${id}-raw-error`} className="field-error" role="alert" data-testid="adaptive-raw-error">
              {rawError}
            </p>
          )}
        </div>
      ) : claims.length === 0 ? (
        <EmptyState title="No claims declared">Add one to use it in conditions.</EmptyState>
      ) : (
        <table className="data-table claims-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Description</th>
              <th scope="col">Kind</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {claims.map((claim, index) => (
              <ClaimRow
                key={index}
                claim={claim}
                index={index}
                error={errors[index]}
                rowId={`${id}-claim-${index}`}
                readOnly={readOnly}
                autoFocus={focusNew && index === claims.length - 1}
                onEdit={(change) => edit(index, change)}
                onRemove={() => remove(index)}
              />
            ))}
          </tbody>
        </table>
      )}
      {serverError !== undefined && (
        <Banner tone="error" title="The schema was not saved" data-testid="adaptive-error">
          {serverError}
        </Banner>
      )}
      {!readOnly && (
        <div className="form-actions">
          {raw === undefined && (
            <Button
              size="sm"
              onClick={() => {
                setClaims((old) => [...old, { name: '', description: '', unsigned: false }]);
                setFocusNew(true);
              }}
              data-testid="claim-add"
            >
              Add claim
            </Button>
          )}
          <Button
            variant="primary"
            size="sm"
            onClick={() => void onSave()}
            pending={pending}
            disabled={!dirty}
            data-testid="adaptive-save"
          >
            Save schema
          </Button>
          <Button size="sm" disabled={!dirty || pending} onClick={discard} data-testid="adaptive-discard">
            Discard
          </Button>
        </div>
      )}
    </div>
  );
}
