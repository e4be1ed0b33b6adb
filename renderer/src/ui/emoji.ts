/**
 * The one way the app shows an emoji of the API (spaces, pages, collections): GitBook gives either the character or
 * its code points in hex joined by `-` (`1f9d1-200d-1f4bb`), and a raw code must never reach the screen.
 */

/** An emoji as the API gives it (a character, or code points in hex such as `1f4d8`) as text to show. */
export function emojiText(emoji: string | undefined): string {
  if (emoji === undefined) return '';
  if (!/^[0-9a-f]{2,6}(-[0-9a-f]{2,6})*$/i.test(emoji)) return emoji;
  try {
    return String.fromCodePoint(...emoji.split('-').map((part) => Number.parseInt(part, 16)));
  } catch {
    return emoji;
  }
}
