/** The banner of a space in the trash: how long it can still be restored, and Restore. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Space } from '../../../../shared/contract/resources/content.ts';
import { errorMessage } from '../../bridge/errors.ts';
import { restoreSpace } from '../../queries/spaces.ts';
import { Button } from '../Button.tsx';
import { Banner } from '../Feedback.tsx';
import { toast } from '../Toast.tsx';
import { timeLeftLabel } from '../timeLeft.ts';

/** Shown instead of the actions while a space is in the trash. */
export function DeletedBanner({
  profileId,
  orgId,
  space,
}: {
  profileId: string;
  orgId: string;
  space: Space & { deletedAt: string };
}) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | undefined>();
  const left = timeLeftLabel(space.deletedAt, Date.now());
  const restore = useMutation({
    mutationFn: () => restoreSpace(queryClient, profileId, orgId, space.id),
    onMutate: () => setError(undefined),
    onSuccess: () => toast({ title: `“${space.title}” restored`, tone: 'success' }),
    onError: (failure) => setError(errorMessage(failure)),
  });
  return (
    <Banner
      tone="warning"
      title={`In the trash — ${left}`}
      data-testid="deleted-banner"
      actions={
        space.permissions.admin ? (
          <Button
            variant="primary"
            onClick={() => restore.mutate()}
            pending={restore.isPending}
            data-testid="restore-space"
          >
            Restore
          </Button>
        ) : undefined
      }
    >
      <p>
        Deleted on {new Date(space.deletedAt).toLocaleString()}. Nothing in it can be changed until it is
        restored.
      </p>
      {error !== undefined && (
        <p className="field-error" data-testid="restore-error">
          Not restored: {error}
        </p>
      )}
    </Banner>
  );
}
