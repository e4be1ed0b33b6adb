/**
 * The CSV export of the audit log's filtered range: every page fetched in sequence (newest first, as the list shows
 * them), then saved as a file through the browser's download (a Blob link), which Electron turns into its save
 * dialog. It can be stopped between pages; the count so far shows on its button.
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { errorMessage } from '../../bridge/errors.ts';
import { allAuditEvents } from '../../queries/audit.ts';
import { orgQuery } from '../../queries/orgs.ts';
import { downloadText } from '../../ui/download.ts';
import { toast } from '../../ui/Toast.tsx';
import { auditCsv, auditCsvFileName } from './auditCsv.ts';
import { auditQueryFilters, type AuditSearch } from './auditSearch.ts';

/** The export's state and its start and stop. */
export function useAuditExport(profileId: string, orgId: string, search: AuditSearch) {
  const org = useQuery(orgQuery(profileId, orgId));
  const [count, setCount] = useState(0);
  const [exporting, setExporting] = useState(false);
  const abort = useRef<AbortController | undefined>(undefined);

  const run = useCallback(() => {
    if (abort.current !== undefined) return;
    const controller = new AbortController();
    abort.current = controller;
    setExporting(true);
    setCount(0);
    allAuditEvents(profileId, orgId, auditQueryFilters(search), setCount, controller.signal)
      .then((events) => {
        const name = auditCsvFileName(org.data?.title ?? '', new Date(), search.from, search.to);
        downloadText(auditCsv(events), name, 'text/csv;charset=utf-8');
        toast({
          tone: 'success',
          title: `${events.length} event${events.length === 1 ? '' : 's'} exported`,
          description: name,
        });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        toast({ tone: 'error', title: 'The export failed', description: errorMessage(error) });
      })
      .finally(() => {
        abort.current = undefined;
        setExporting(false);
      });
  }, [profileId, orgId, search, org.data?.title]);

  const cancel = useCallback(() => {
    abort.current?.abort();
    toast({ title: 'Export stopped' });
  }, []);

  return { run, cancel, exporting, count };
}
