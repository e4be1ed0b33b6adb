/** What "Test connection" found: reachable or not, the HTTP status, the server's message, organizations seen. */
import type { ConnectionTest } from '../../../../shared/bridge.ts';

/** A polite live region that announces the result of a connection test. */
export function TestResult({ result }: { result: ConnectionTest | undefined }) {
  return (
    <div data-testid="test-result" role="status" aria-live="polite" className="test-result-region">
      {result !== undefined && (
        <div className={`test-result ${result.ok ? 'test-result-ok' : 'test-result-failed'}`}>
          <p className="test-result-title">
            {result.ok
              ? 'Connection works'
              : result.status === 0
                ? 'Could not reach the server'
                : 'Connection refused'}
            {result.status !== 0 && <span className="test-result-status"> · HTTP {result.status}</span>}
            {result.organizations !== undefined && (
              <span className="test-result-status">
                {' '}
                · {result.organizations} organization{result.organizations === 1 ? '' : 's'}
              </span>
            )}
          </p>
          <p>{result.message}</p>
        </div>
      )}
    </div>
  );
}
