/** Saves a Blob as a file named `name` through a download link (Electron turns it into its save dialog). */
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
