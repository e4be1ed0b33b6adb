/** Saving a text the app made (a CSV, an organization file) as a file: a download, which Electron turns into its save dialog. */

/** Saves `text` as a file named `name` through a download link. */
export function downloadText(text: string, name: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
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
