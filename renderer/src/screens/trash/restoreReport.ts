/** What the Trash says after restoring: one toast for the successes, one per refusal with the server's reason. */
import type { ToastInput } from '../../ui/Toast.tsx';

/** The outcome of restoring one space. */
export interface RestoreOutcome {
  title: string;
  /** The server's message when the restore was refused. */
  error: string | undefined;
}

function name(title: string): string {
  return `“${title === '' ? 'Untitled' : title}”`;
}

/** The toasts to show. */
export function restoreReport(outcomes: readonly RestoreOutcome[]): ToastInput[] {
  const done = outcomes.filter((outcome) => outcome.error === undefined);
  const failed = outcomes.filter((outcome) => outcome.error !== undefined);
  const toasts: ToastInput[] = [];
  if (done.length === 1) toasts.push({ title: `${name(done[0]!.title)} restored`, tone: 'success' });
  else if (done.length > 1) toasts.push({ title: `${done.length} spaces restored`, tone: 'success' });
  for (const outcome of failed)
    toasts.push({
      title: `${name(outcome.title)} was not restored`,
      description: outcome.error,
      tone: 'error',
    });
  return toasts;
}
