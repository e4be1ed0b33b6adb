/**
 * The Save / Discard / Stay question, and what asks it: every navigation that leaves the page (screens, profile and
 * organization switches, which are navigations) through the router's blocker, and closing the window (the browser
 * asks its own question in browser mode; the desktop app, whose window Electron keeps open, asks ours).
 */
import { useBlocker } from '@tanstack/react-router';
import { useEffect } from 'react';
import { bridgeKind } from '../bridge/transport.ts';
import { Button } from '../ui/Button.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { confirmLeave, hasUnsavedChanges, useLeaveQuestion } from '../ui/unsaved.ts';

/** Lists "the site settings and the organization settings". */
function listed(items: readonly string[]): string {
  const unique = [...new Set(items)];
  if (unique.length <= 1) return unique[0] ?? 'this form';
  return `${unique.slice(0, -1).join(', ')} and ${unique.at(-1)}`;
}

/** The question, when one is asked. */
export function UnsavedChangesDialog() {
  const question = useLeaveQuestion();
  const what = listed(question?.forms.map((form) => form.what) ?? []);
  return (
    <Dialog
      open={question !== undefined}
      onOpenChange={(open) => {
        if (!open) question?.answer('stay');
      }}
      title="Save your changes?"
      description={`You have unsaved changes in ${what}. Save them, discard them, or stay to keep editing.`}
      data-testid="unsaved-dialog"
    >
      <div className="dialog-actions">
        <Button variant="danger" onClick={() => question?.answer('discard')} data-testid="unsaved-discard">
          Discard
        </Button>
        <Button autoFocus onClick={() => question?.answer('stay')} data-testid="unsaved-stay">
          Stay
        </Button>
        <Button variant="primary" onClick={() => question?.answer('save')} data-testid="unsaved-save">
          Save
        </Button>
      </div>
    </Dialog>
  );
}

/** Holds navigations that would drop edits until the question is answered; mount it once, in the layout. */
export function UnsavedChangesGuard() {
  useBlocker({
    // Search parameters change on the same screen (filters, tabs in the URL): its forms stay mounted.
    shouldBlockFn: async ({ current, next }) => current.pathname !== next.pathname && !(await confirmLeave()),
    enableBeforeUnload: () => bridgeKind === 'http' && hasUnsavedChanges(),
  });
  useEffect(() => {
    if (bridgeKind !== 'ipc') return;
    // The desktop window: refusing the unload keeps it open; the question then closes it once answered.
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!hasUnsavedChanges()) return;
      event.preventDefault();
      void confirmLeave().then((leave) => {
        if (leave) window.close();
      });
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
  return <UnsavedChangesDialog />;
}
