/** What "Test connection" found: whose token it is and what it sees, or why it failed, in plain words. */
import type { ConnectionTest } from '../../../../shared/bridge.ts';

/** The headline of a result. */
export function resultTitle(result: ConnectionTest): string {
  if (result.ok)
    return result.user === undefined
      ? 'Connected'
      : `Connected as ${result.user.displayName}${result.user.email !== undefined ? ` (${result.user.email})` : ''}`;
  return result.status === 0 ? 'Could not reach the server' : 'Connection refused';
}

/** A polite live region that announces the result of a connection test. */
export function TestResult({ result }: { result: ConnectionTest | undefined }) {
  return (
    <div data-testid="test-result" role="status" aria-live="polite" className="test-result-region">
      {result !== undefined && (
        <div className={`test-result ${result.ok ? 'test-result-ok' : 'test-result-failed'}`}>
          <p className="test-result-title" data-testid="test-result-title">
            {resultTitle(result)}
            {result.status !== 0 && <span className="test-result-status"> · HTTP {result.status}</span>}
          </p>
          <p>
            {result.ok && result.organizations !== undefined
              ? `The token sees ${result.organizations} organization${result.organizations === 1 ? '' : 's'}.`
              : result.message}
          </p>
          {result.detail !== undefined && <p className="muted">The API said: {result.detail}</p>}
        </div>
      )}
    </div>
  );
}
