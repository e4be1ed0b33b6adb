/** The suggested file name of a request's PDF: number, subject and, for one page, its title. Pure. */

/** The name; the main process makes it safe for the file system and adds `.pdf`. */
export function pdfName(request: { number: number; subject: string }, pageTitle?: string): string {
  const subject = request.subject.trim() === '' ? 'Change request' : request.subject.trim();
  return `#${request.number} ${subject}${pageTitle !== undefined ? ` - ${pageTitle}` : ''}`;
}
