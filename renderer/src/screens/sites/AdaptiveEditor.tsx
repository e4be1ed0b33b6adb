/**
 * The adaptive schema of a site: the visitor claims that conditions may read, edited as a list (name, description,
 * signed or unsigned) or as the raw JSON schema, the two views kept in step. Checked before sending; the server's
 * refusal (e.g. a claim a condition still reads) is shown with the edits kept.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { Site } from '../../../../shared/contract/resources/sites.ts';
import { errorMessage } from '../../bridge/errors.ts';
import { profileLabel, useActiveProfile } from '../../layout/activeProfile.ts';
import { ErrorState } from '../../layout/ErrorState.tsx';
import { adaptiveSchemaQuery, putAdaptiveSchema } from '../../queries/sites.ts';
import { Button } from '../../ui/Button.tsx';
import { Banner, EmptyState, Skeleton } from '../../ui/Feedback.tsx';
import { toast } from '../../ui/Toast.tsx';
import { useUnsavedChanges } from '../../ui/unsaved.ts';
import {
  claimsOf,
  hasClaimErrors,
  parseSchemaText,
  sameClaims,
  schemaOf,
  schemaText,
  validateClaims,
  type Claim,
  type ClaimErrors,
} from './adaptiveSchema.ts';

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
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(initial);
  const [claims, setClaims] = useState(initial);
  const [errors, setErrors] = useState<ClaimErrors[]>([]);
  const [raw, setRaw] = useState<string | undefined>();
  const [rawError, setRawError] = useState<string | undefined>();
  const [serverError, setServerError] = useState<string | undefined>();
  const put = useMutation({
    mutationFn: (next: Claim[]) =>
      putAdaptiveSchema(queryClient, profileId, orgId, siteId, { jsonSchema: schemaOf(next) }),
  });
  const pending = put.isPending;
  // "Add claim" puts the focus in the new row's name, so that typing goes on from the keyboard.
  const [focusNew, setFocusNew] = useState(false);
  const dirty = raw !== undefined ? raw !== schemaText(schemaOf(saved)) : !sameClaims(claims, saved);

  const edit = (index: number, change: Partial<Claim>) => {
    setClaims((old) => old.map((claim, at) => (at === index ? { ...claim, ...change } : claim)));
    setErrors((old) => old.map((entry, at) => (at === index ? {} : entry)));
  };

  /** Leaves the raw view when its text parses; otherwise stays and says why. */
  const toggleRaw = () => {
    if (raw === undefined) {
      setRaw(schemaText(schemaOf(claims)));
      setRawError(undefined);
      return;
    }
    const parsed = parseSchemaText(raw);
    if (!parsed.ok) return setRawError(parsed.message);
    setClaims(parsed.claims);
    setErrors([]);
    setRaw(undefined);
  };

  /** Checks and sends the schema; resolves to whether it is saved (a refusal stays on screen). */
  const onSave = async (): Promise<boolean> => {
    setServerError(undefined);
    let next = claims;
    if (raw !== undefined) {
      const parsed = parseSchemaText(raw);
      if (!parsed.ok) {
        setRawError(parsed.message);
        return false;
      }
      next = parsed.claims;
    } else {
      const found = validateClaims(claims);
      setErrors(found);
      if (hasClaimErrors(found)) return false;
    }
    try {
      const schema = await put.mutateAsync(next);
      const stored = claimsOf(schema.jsonSchema);
      setSaved(stored);
      setClaims(stored);
      if (raw !== undefined) setRaw(schemaText(schema.jsonSchema));
      toast({ title: 'Adaptive schema saved', tone: 'success' });
      return true;
    } catch (failure) {
      setServerError(errorMessage(failure));
      return false;
    }
  };
  const discard = () => {
    setClaims(saved);
    setErrors([]);
    setServerError(undefined);
    if (raw !== undefined) setRaw(schemaText(schemaOf(saved)));
    setRawError(undefined);
  };
  useUnsavedChanges(dirty && !readOnly, { what: 'the adaptive schema', save: onSave, discard });

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
            {claims.map((claim, index) => {
              const error = errors[index];
              const rowId = `${id}-claim-${index}`;
              return (
                <tr key={index} data-testid="claim-row" data-name={claim.name.trim()}>
                  <td>
                    <input
                      className="input"
                      value={claim.name}
                      onChange={(event) => edit(index, { name: event.target.value })}
                      readOnly={readOnly}
                      spellCheck={false}
                      autoComplete="off"
                      placeholder="isBetaUser"
                      aria-label={`Name of claim ${index + 1}`}
                      aria-invalid={error?.name !== undefined || undefined}
                      aria-describedby={error?.name !== undefined ? `${rowId}-name` : undefined}
                      autoFocus={focusNew && index === claims.length - 1}
                      data-testid="claim-name-input"
                    />
                    {error?.name !== undefined && (
                      <p id={`${rowId}-name`} className="field-error" data-testid="claim-name-error">
                        {error.name}
                      </p>
                    )}
                  </td>
                  <td>
                    <input
                      className="input"
                      value={claim.description}
                      onChange={(event) => edit(index, { description: event.target.value })}
                      readOnly={readOnly}
                      autoComplete="off"
                      aria-label={`Description of claim ${index + 1}`}
                      aria-invalid={error?.description !== undefined || undefined}
                      data-testid="claim-description-input"
                    />
                    {error?.description !== undefined && <p className="field-error">{error.description}</p>}
                  </td>
                  <td>
                    <select
                      className="input select"
                      value={claim.unsigned ? 'unsigned' : 'signed'}
                      onChange={(event) => edit(index, { unsigned: event.target.value === 'unsigned' })}
                      disabled={readOnly}
                      aria-label={`Kind of claim ${index + 1}`}
                      data-testid="claim-kind"
                    >
                      <option value="signed">Signed</option>
                      <option value="unsigned">Unsigned</option>
                    </select>
                  </td>
                  <td>
                    {!readOnly && (
                      <Button
                        size="sm"
                        variant="ghost"
                        className="btn-ghost-danger"
                        onClick={() => {
                          setClaims((old) => old.filter((_, at) => at !== index));
                          setErrors((old) => old.filter((_, at) => at !== index));
                        }}
                        aria-label={`Remove claim ${claim.name === '' ? index + 1 : claim.name}`}
                        data-testid="claim-remove"
                      >
                        Remove
                      </Button>
                    )}
                  </td>
                </tr>
              );
            })}
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
