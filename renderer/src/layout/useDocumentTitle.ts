/** Sets the window title for the screen on display. */
import { useEffect } from 'react';

/** Sets `document.title` to "<title> · Docs Admin" while the calling screen is shown. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title === undefined || title === '' ? 'Docs Admin' : `${title} · Docs Admin`;
  }, [title]);
}
