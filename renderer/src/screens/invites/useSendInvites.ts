/** Sending email invites as one mutation: batch after batch, the report updated as each answers, then a toast. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../bridge/errors.ts';
import { emailInvitesKey, inviteByEmail, memberEmails } from '../../queries/invites.ts';
import { memberListsKey } from '../../queries/members.ts';
import { toast } from '../../ui/Toast.tsx';
import type { InviteEntry } from './addresses.ts';
import { sendInBatches, type SendOptions } from './batches.ts';
import { applyOutcomes, countStatuses, type ReportRow } from './report.ts';

/** The report rows and `send`, which resolves to the counts once every batch answered. */
export function useSendInvites(profileId: string, orgId: string) {
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<ReportRow[] | undefined>();
  const sending = useMutation({
    mutationFn: async (run: { entries: InviteEntry[]; start: ReportRow[]; options: SendOptions }) => {
      let current = run.start;
      setRows(current);
      await sendInBatches(
        run.entries,
        run.options,
        {
          invite: (body) => inviteByEmail(profileId, orgId, body),
          emailsOf: (ids) => memberEmails(profileId, orgId, ids),
        },
        (outcomes) => {
          current = applyOutcomes(current, outcomes);
          setRows(current);
        },
        errorMessage,
      );
      return current;
    },
    // The new people are members with a pending invite.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: emailInvitesKey(profileId, orgId) }),
        queryClient.invalidateQueries({ queryKey: memberListsKey(profileId, orgId) }),
      ]),
  });
  const send = async (entries: InviteEntry[], start: ReportRow[], options: SendOptions) => {
    const current = await sending.mutateAsync({ entries, start, options });
    const counts = countStatuses(current);
    toast({
      title: `${counts.invited} invited, ${counts.member} already members`,
      ...(counts.failed > 0 ? { description: `${counts.failed} failed: see the report.` } : {}),
      tone: counts.failed > 0 ? 'error' : 'success',
    });
    return counts;
  };
  return { rows, send, sending: sending.isPending };
}
