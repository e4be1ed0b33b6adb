/** Copying text: the Clipboard API, which the desktop app may refuse (it denies clipboard permission requests). */

/** Copies `text`; answers false when the clipboard refused, so the caller can offer a manual copy. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** The shortcut that copies a selection on this platform. */
export function copyShortcut(): string {
  return /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘C' : 'Ctrl+C';
}
