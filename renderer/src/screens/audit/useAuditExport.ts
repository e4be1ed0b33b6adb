/**
 * The CSV export of the audit log's filtered range, streamed: every page is fetched in sequence (newest first, as
 * the list shows them) and written to the file as it arrives, so a range of 100,000 events never sits in memory as
 * events. The file goes to the save dialog when complete. It can be stopped between pages; the count so far shows
 * on its button.
 */
import { useQuery } from '@tanstack/react-query';
import type { AuditEvent } from '../../../../shared/contract/resources/audit.ts';
import { useCallback, useRef, useState } from 'react';
import { errorMessage } from '../../bridge/errors.ts';
import { eachAuditPage } from '../../queries/audit.ts';
import { orgQuery } from '../../queries/orgs.ts';
import { CsvFile } from '../../ui/csvFile.ts';
import { saveBlob } from '../../ui/download.ts';
import { toast } from '../../ui/Toast.tsx';
import { AUDIT_CSV_COLUMNS, auditCsvFileName, auditCsvRow } from './auditCsv.ts';
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
    const file = new CsvFile(AUDIT_CSV_COLUMNS);
    const onPage = (events: readonly AuditEvent[]) => {
      file.write(events.map(auditCsvRow));
      setCount(file.rows);
    };
    eachAuditPage(profileId, orgId, auditQueryFilters(search), onPage, controller.signal)
      .then((total) => {
        const name = auditCsvFileName(org.data?.title ?? '', new Date(), search.from, search.to);
        saveBlob(file.blob(), name);
        toast({
          tone: 'success',
          title: `${total} event${total === 1 ? '' : 's'} exported`,
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
    toast({ title: 'Export stopped: nothing was saved' });
  }, []);

  return { run, cancel, exporting, count };
}
