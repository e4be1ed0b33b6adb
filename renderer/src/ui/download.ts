/**
 * Saving what the app made (a CSV, an organization file) as a file: a download link, which Electron turns into its
 * save dialog.
 */

/** Saves a Blob as a file named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the data once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Saves `text` as a file named `name`, of the given MIME type. */
export function downloadText(text: string, name: string, type: string): void {
  saveBlob(new Blob([text], { type }), name);
}
