/** "Preview as visitor": claim values in, the sections and variants that visitor gets out. */
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../bridge/errors.ts';
import { adaptiveSchemaQuery, siteStructureQuery } from '../../queries/siteStructure.ts';
import { Banner, EmptyState, Skeleton } from '../../ui/Feedback.tsx';
import { CheckboxField } from '../../ui/TextField.tsx';
import './structure.css';
import { declaredClaims, previewStructure, visitorClaims } from './claims.ts';

const KIND_WORDS = { group: 'Group', section: 'Section', 'site-space': 'Variant' } as const;

/** The preview: a checkbox per declared claim, and the structure as that visitor gets it. */
export function VisitorPreview(props: { profileId: string; orgId: string; siteId: string }) {
  const { profileId, orgId, siteId } = props;
  const structure = useQuery(siteStructureQuery(profileId, orgId, siteId));
  const schema = useQuery(adaptiveSchemaQuery(profileId, orgId, siteId));
  const [on, setOn] = useState<ReadonlySet<string>>(new Set());
  const claims = useMemo(() => declaredClaims(schema.data), [schema.data]);
  const preview = useMemo(
    () => (structure.data === undefined ? [] : previewStructure(structure.data, visitorClaims(on, claims))),
    [structure.data, on, claims],
  );

  const error = structure.error ?? schema.error;
  if (error !== null)
    return (
      <Banner tone="error" title="The preview could not be loaded" data-testid="visitor-preview-error">
        {errorMessage(error)}
      </Banner>
    );
  if (structure.data === undefined || schema.data === undefined)
    return (
      <div aria-busy="true" data-testid="visitor-preview-loading">
        <Skeleton width="16em" />
      </div>
    );
  const hidden = preview.filter((row) => !row.visible).length;

  return (
    <div className="visitor-preview" data-testid="visitor-preview">
      <fieldset className="visitor-preview-claims">
        <legend>Visitor claims</legend>
        {claims.length === 0 && <p className="muted">The site's adaptive schema declares no claims.</p>}
        {claims.map((claim) => (
          <CheckboxField
            key={claim.name}
            label={
              <>
                <code>{claim.name}</code> {claim.signed ? '' : '(unsigned)'}
              </>
            }
            hint={claim.description || undefined}
            checked={on.has(claim.name)}
            onChange={(event) => {
              const next = new Set(on);
              if (event.currentTarget.checked) next.add(claim.name);
              else next.delete(claim.name);
              setOn(next);
            }}
            data-testid="preview-claim"
            data-claim={claim.name}
          />
        ))}
      </fieldset>
      <section aria-label="What this visitor gets">
        <p className="muted" aria-live="polite" data-testid="preview-summary">
          {preview.length - hidden} shown, {hidden} hidden
        </p>
        {preview.length === 0 ? (
          <EmptyState title="The site has no structure yet" />
        ) : (
          <ul className="visitor-preview-list">
            {preview.map((row) => (
              <li
                key={`${row.kind}:${row.id}`}
                className={row.visible ? 'is-visible' : 'is-hidden'}
                style={{ paddingLeft: `${row.depth * 1.25}rem` }}
                data-testid="preview-row"
                data-id={row.id}
                data-kind={row.kind}
                data-title={row.title}
                data-visible={row.visible ? 'true' : 'false'}
              >
                <span className="muted">{KIND_WORDS[row.kind]}</span> {row.title}
                {!row.visible && <span className="visitor-preview-reason"> — hidden: {row.reason}</span>}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
