/**
 * The access review export: one member's or team's access, or the whole organization's (every member in turn),
 * streamed to its CSV file page by page, with its progress, and stoppable between pages.
 */
import { useCallback, useRef, useState } from 'react';
import type { AccessEntry } from '../../../../shared/contract/resources/access.ts';
import { errorMessage } from '../../bridge/errors.ts';
import { eachAccessPage, eachMemberPage } from '../../queries/inspectAccess.ts';
import { CsvFile } from '../../ui/csvFile.ts';
import { saveBlob } from '../../ui/download.ts';
import { toast } from '../../ui/Toast.tsx';
import {
  ACCESS_REVIEW_COLUMNS,
  accessReviewFileName,
  accessReviewRow,
  type ReviewSubject,
} from './accessReview.ts';

/** What the export is doing, for its button and status line. */
export interface ReviewProgress {
  rows: number;
  /** For the whole organization: members done and in all. */
  members?: { done: number; total: number };
}

export function useAccessReview(profileId: string, orgId: string, orgTitle: string) {
  const [progress, setProgress] = useState<ReviewProgress | undefined>(undefined);
  const abort = useRef<AbortController | undefined>(undefined);

  const run = useCallback(
    (subject: ReviewSubject | 'organization') => {
      if (abort.current !== undefined) return;
      const controller = new AbortController();
      abort.current = controller;
      const file = new CsvFile(ACCESS_REVIEW_COLUMNS);
      setProgress({ rows: 0 });
      const writer = (who: ReviewSubject) => (entries: readonly AccessEntry[]) =>
        file.write(entries.map((entry) => accessReviewRow(who, entry)));
      const work =
        subject === 'organization'
          ? (async () => {
              let done = 0;
              await eachMemberPage(
                profileId,
                orgId,
                async (members, total) => {
                  for (const member of members) {
                    const who: ReviewSubject = {
                      kind: 'member',
                      id: member.id,
                      label: member.email === '' ? member.name : `${member.name} <${member.email}>`,
                    };
                    await eachAccessPage(
                      profileId,
                      orgId,
                      { kind: 'member', id: member.id },
                      writer(who),
                      controller.signal,
                    );
                    done++;
                    setProgress({ rows: file.rows, members: { done, total } });
                  }
                },
                controller.signal,
              );
            })()
          : eachAccessPage(
              profileId,
              orgId,
              { kind: subject.kind, id: subject.id },
              (entries) => {
                writer(subject)(entries);
                setProgress({ rows: file.rows });
              },
              controller.signal,
            );
      work
        .then(() => {
          const name = accessReviewFileName(
            subject === 'organization' ? orgTitle : subject.label,
            new Date(),
          );
          saveBlob(file.blob(), name);
          toast({
            tone: 'success',
            title: `Access review exported: ${file.rows} line${file.rows === 1 ? '' : 's'}`,
            description: name,
          });
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          toast({ tone: 'error', title: 'The access review failed', description: errorMessage(error) });
        })
        .finally(() => {
          abort.current = undefined;
          setProgress(undefined);
        });
    },
    [profileId, orgId, orgTitle],
  );

  const cancel = useCallback(() => {
    abort.current?.abort();
    toast({ title: 'Access review stopped: nothing was saved' });
  }, []);

  return { run, cancel, progress };
}
