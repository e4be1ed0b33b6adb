/**
 * "Export PDF" in a request's header (and "Export this page" while the Changes tab shows a page). The desktop app
 * saves a file; browser mode opens the print view in a new tab and says how to print it, with a link to open it
 * again should the browser have blocked the new tab.
 */
import { useState } from 'react';
import type { ChangeRequest } from '../../../../shared/contract/resources/changeRequests.ts';
import { errorMessage } from '../../bridge/errors.ts';
import { Button } from '../../ui/Button.tsx';
import { Banner } from '../../ui/Feedback.tsx';
import { toast } from '../../ui/Toast.tsx';
import { exportPdf, printShortcut } from './pdf.ts';
import { pdfName } from './pdfName.ts';

/** The export buttons and, in browser mode, the note on printing. */
export function PdfExport({
  profileId,
  spaceId,
  changeRequestId,
  request,
  page,
}: {
  profileId: string;
  spaceId: string;
  changeRequestId: string;
  request: ChangeRequest;
  /** The page shown on the Changes tab, if any. */
  page?: { id: string; title: string } | undefined;
}) {
  const [pending, setPending] = useState<'all' | 'page' | undefined>();
  const [opened, setOpened] = useState<string | undefined>();

  const run = async (which: 'all' | 'page') => {
    setPending(which);
    setOpened(undefined);
    try {
      const onlyPage = which === 'page' ? page : undefined;
      const outcome = await exportPdf(
        profileId,
        spaceId,
        changeRequestId,
        pdfName(request, onlyPage?.title),
        onlyPage?.id,
      );
      if (outcome.kind === 'saved')
        toast({
          title: 'PDF saved',
          ...(outcome.path !== undefined ? { description: outcome.path } : {}),
          tone: 'success',
        });
      else if (outcome.kind === 'opened') setOpened(outcome.url);
    } catch (failure) {
      toast({ title: 'The PDF was not exported', description: errorMessage(failure), tone: 'error' });
    } finally {
      setPending(undefined);
    }
  };

  return (
    <>
      <div className="cr-pdf-actions">
        <Button
          onClick={() => void run('all')}
          pending={pending === 'all'}
          disabled={pending !== undefined}
          data-testid="cr-export-pdf"
        >
          Export PDF
        </Button>
        {page !== undefined && (
          <Button
            onClick={() => void run('page')}
            pending={pending === 'page'}
            disabled={pending !== undefined}
            data-testid="cr-export-page-pdf"
          >
            Export this page
          </Button>
        )}
      </div>
      {opened !== undefined && (
        <div className="cr-pdf-note">
          <Banner
            tone="info"
            title="The print view opened in a new tab"
            actions={
              <Button size="sm" onClick={() => setOpened(undefined)}>
                Dismiss
              </Button>
            }
            data-testid="cr-pdf-opened"
          >
            <p>
              Print it to PDF with the browser ({printShortcut}, then “Save as PDF”). No new tab?{' '}
              <a href={opened} target="_blank" rel="noopener noreferrer" data-testid="cr-pdf-link">
                Open the print view
              </a>{' '}
              (the link works for one hour).
            </p>
          </Banner>
        </div>
      )}
    </>
  );
}
