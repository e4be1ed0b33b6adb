/**
 * The status buttons of a request's header: Mark ready for review (draft → open), Convert to draft (open → draft),
 * Archive, Reopen (archived → open). Archiving keeps everything (it is undone by Reopen), so it asks nothing.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ChangeRequest } from '../../../../shared/contract/resources/changeRequests.ts';
import { errorMessage } from '../../bridge/errors.ts';
import { updateChangeRequestFields } from '../../queries/changeRequests.ts';
import { Button } from '../../ui/Button.tsx';
import { toast } from '../../ui/Toast.tsx';
import { statusActions, type StatusAction } from './status.ts';

/** The buttons. */
export function StatusActions({
  profileId,
  orgId,
  spaceId,
  changeRequestId,
  request,
}: {
  profileId: string;
  orgId: string;
  spaceId: string;
  changeRequestId: string;
  request: ChangeRequest;
}) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<StatusAction['id'] | undefined>();
  const actions = statusActions(request.status);
  if (actions.length === 0) return null;

  const run = async (action: StatusAction) => {
    setPending(action.id);
    try {
      await updateChangeRequestFields(queryClient, profileId, orgId, spaceId, changeRequestId, {
        status: action.to,
      });
      toast({ title: `#${request.number} ${action.done}`, tone: 'success' });
    } catch (failure) {
      toast({
        title: `Could not ${action.label.toLocaleLowerCase()}`,
        description: errorMessage(failure),
        tone: 'error',
      });
    } finally {
      setPending(undefined);
    }
  };

  return (
    <div className="cr-status-actions" role="group" aria-label="Status">
      {actions.map((action) => (
        <Button
          key={action.id}
          variant={action.id === 'ready' ? 'primary' : 'secondary'}
          onClick={() => void run(action)}
          pending={pending === action.id}
          disabled={pending !== undefined}
          data-testid={`cr-status-${action.id}`}
        >
          {action.label}
        </Button>
      ))}
    </div>
  );
}
