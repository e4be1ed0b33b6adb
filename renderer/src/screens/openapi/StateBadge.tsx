/** A spec's processing state as a badge: Pending, Processing…, Ready, or Failed with its error code. */
import type { OpenAPISpec } from '../../../../shared/contract/resources/openapi.ts';
import { specState } from './specForm.ts';

/** The badge. */
export function StateBadge({ spec }: { spec: OpenAPISpec }) {
  const state = specState(spec);
  return (
    <span
      className={`badge openapi-state openapi-state-${state.kind}`}
      data-testid="openapi-state"
      data-state={state.kind}
    >
      {state.kind === 'progress' && <span className="spinner" aria-hidden="true" />}
      {state.label}
      {state.code !== undefined && <span className="openapi-state-code">{state.code}</span>}
    </span>
  );
}
