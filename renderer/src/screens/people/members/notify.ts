/** Toasts for failed member actions: worded by status code, with the server's message. */
import { errorMessage, errorStatus } from '../../../bridge/errors.ts';
import { toast } from '../../../ui/Toast.tsx';

/** Tells that `what` failed; a 409 is the server refusing to leave the organization without an admin. */
export function toastFailure(what: string, error: unknown): void {
  const refused = errorStatus(error) === 409;
  toast({
    tone: 'error',
    title: refused ? `Refused: ${what}` : `Could not ${what}`,
    description: errorMessage(error),
  });
}
