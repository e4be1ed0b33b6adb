/**
 * Finds the link targets of a markdown document: inline links and images, reference-style links resolved against
 * their definitions, autolinks, and the `href`/`src` of raw HTML anchors and images. No markdown parser is a
 * dependency, so this is a small CommonMark-minded scanner: code (fenced, indented, inline) and HTML comments are
 * skipped, because a link written there is an example, not a reference.
 */

/** One link as written in a document. */
export interface ExtractedLink {
  /** The destination, with backslash escapes removed (not percent-decoded). */
  target: string;
  /** An image (`![alt](src)`, `<img src>`): its target must be a file. */
  image: boolean;
}

const FENCE = /^((?:[ \t]*>)*)[ \t]*(`{3,}|~{3,})(.*)$/;
const DEFINITION =
  /^ {0,3}\[((?:[^\\[\]]|\\.){1,999})\]:[ \t]*(?:<([^<>\n]*)>|(\S+))(?:[ \t]+(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\((?:[^()\\]|\\.)*\)))?[ \t]*$/;
const LIST_ITEM = /^ {0,3}(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)/;
const AUTOLINK = /<([a-zA-Z][a-zA-Z0-9+.-]{1,31}:[^<>\s]*)>/y;
const EMAIL_AUTOLINK =
  /<([a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*)>/y;
const HTML_TAG_NAME = /^(a|img)(?=[\s>/])/i;

/** A reference label as CommonMark compares them: case-folded, inner whitespace collapsed. */
function normalizeLabel(label: string): string {
  return label.trim().replace(/\s+/g, ' ').toLowerCase();
}

function unescape(text: string): string {
  return text.replace(/\\([!-/:-@[-`{-~])/g, '$1');
}

/** The prose blocks of a document (code removed) and its reference definitions. */
function splitBlocks(markdown: string): { blocks: string[]; definitions: Map<string, string> } {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const blocks: string[] = [];
  const definitions = new Map<string, string>();
  let current: string[] = [];
  let fence: { char: string; length: number } | undefined;
  let previousBlank = true;
  let inList = false;
  const flush = () => {
    if (current.length > 0) blocks.push(current.join('\n'));
    current = [];
  };
  for (const line of lines) {
    if (fence) {
      const match = FENCE.exec(line);
      if (match && match[2]![0] === fence.char && match[2]!.length >= fence.length && match[3]!.trim() === '')
        fence = undefined;
      continue;
    }
    const opening = FENCE.exec(line);
    // A backtick fence's info string cannot hold a backtick; otherwise it is inline code on one line.
    if (opening && !(opening[2]![0] === '`' && opening[3]!.includes('`'))) {
      flush();
      fence = { char: opening[2]![0]!, length: opening[2]!.length };
      previousBlank = false;
      continue;
    }
    if (line.trim() === '') {
      flush();
      previousBlank = true;
      continue;
    }
    const indented = /^(?: {4}|\t)/.test(line);
    // An indented line after a blank one is code, unless it continues a list item.
    if (indented && previousBlank && !inList && current.length === 0) continue;
    if (!indented) inList = LIST_ITEM.test(line) || (inList && !previousBlank);
    previousBlank = false;
    // A definition cannot interrupt a paragraph.
    const definition = current.length === 0 ? DEFINITION.exec(line) : null;
    if (definition && !definition[1]!.startsWith('^')) {
      const label = normalizeLabel(definition[1]!);
      // The first definition of a label wins.
      if (label !== '' && !definitions.has(label))
        definitions.set(label, unescape(definition[2] ?? definition[3]!));
      continue;
    }
    current.push(line);
  }
  flush();
  return { blocks, definitions };
}

/** The longest destination or title the scanner reads: it bounds the work on a `](` that never closes. */
const MAX_DESTINATION = 2048;
/** How deep link texts are rescanned for images (`[![badge](b.png)](url)`). */
const MAX_NESTING = 2;

/**
 * One prose block, with what the scan needs precomputed so that every position is visited a bounded number of
 * times: a page body is user input, and unclosed brackets or backticks must not make the report quadratic.
 */
class Block {
  readonly text: string;
  /** For each `[` that closes, the index of its `]`. */
  private readonly brackets = new Map<number, number>();
  /** Code spans found so far, by the index of their opening backtick run. */
  private readonly spans = new Map<number, number>();
  /** For a backtick run length, the earliest index from which no run of that length follows. */
  private readonly unclosed = new Map<number, number>();

  constructor(text: string) {
    this.text = text;
    const open: number[] = [];
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (c === '\\') i++;
      else if (c === '`') i = this.codeSpan(i).skipTo - 1;
      else if (c === '[') open.push(i);
      else if (c === ']') {
        const from = open.pop();
        if (from !== undefined) this.brackets.set(from, i);
      }
    }
  }

  /** The `]` matching the `[` at `open`, minding nesting, escapes and code spans. */
  closing(open: number): number | undefined {
    return this.brackets.get(open);
  }

  /** The backtick run at `start`: where the code span it opens ends, or where the run ends if it opens none. */
  codeSpan(start: number): { skipTo: number; code: boolean } {
    const text = this.text;
    let runEnd = start;
    while (text[runEnd] === '`') runEnd++;
    const known = this.spans.get(start);
    if (known !== undefined) return { skipTo: known, code: true };
    const length = runEnd - start;
    const hopeless = this.unclosed.get(length);
    if (hopeless !== undefined && runEnd >= hopeless) return { skipTo: runEnd, code: false };
    let i = runEnd;
    while (i < text.length) {
      const next = text.indexOf('`', i);
      if (next < 0) break;
      let close = next;
      while (text[close] === '`') close++;
      if (close - next === length) {
        this.spans.set(start, close);
        return { skipTo: close, code: true };
      }
      i = close;
    }
    this.unclosed.set(length, Math.min(runEnd, hopeless ?? runEnd));
    return { skipTo: runEnd, code: false };
  }
}

/**
 * Parses `(destination "title")` at `start` (the `(`); answers the destination and the index after `)`. Each scan
 * stops where the next attempt would begin (a raw destination at `]`, an angle one at `<`, a parenthesized title
 * at `(`), so that a long run of half-written links costs linear time. The price: a raw destination holding `]`
 * (an IPv6 host) is not read, which documentation links do not do.
 */
function inlineDestination(text: string, start: number): { target: string; end: number } | undefined {
  const limit = Math.min(text.length, start + MAX_DESTINATION);
  let i = start + 1;
  const skipSpace = () => {
    while (i < limit && /[ \t\n]/.test(text[i]!)) i++;
  };
  skipSpace();
  let target: string;
  if (text[i] === '<') {
    const begin = i + 1;
    for (i = begin; i < limit && !'<>\n'.includes(text[i]!); i++) if (text[i] === '\\') i++;
    if (i >= limit || text[i] !== '>') return undefined;
    target = text.slice(begin, i);
    i++;
  } else {
    const begin = i;
    let depth = 0;
    for (; i < limit; i++) {
      const c = text[i]!;
      if (c === '\\') i++;
      else if (c === '(') depth++;
      else if (c === ')') {
        if (depth === 0) break;
        depth--;
      } else if (c === ']' || /\s/.test(c)) break;
    }
    target = text.slice(begin, i);
  }
  const beforeTitle = i;
  skipSpace();
  const quote = text[i];
  if (i > beforeTitle && (quote === '"' || quote === "'" || quote === '(')) {
    const closer = quote === '(' ? ')' : quote;
    i++;
    while (i < limit && text[i] !== closer && !(quote === '(' && text[i] === '('))
      i += text[i] === '\\' ? 2 : 1;
    if (i >= limit || text[i] !== closer) return undefined;
    i++;
    skipSpace();
  }
  if (i >= limit || text[i] !== ')') return undefined;
  return { target: unescape(target), end: i + 1 };
}

/**
 * A raw `<a …>` or `<img …>` tag at `start`: its name and attributes, and the index after `>`. The tag ends at the
 * first `>` and may not hold `<` or a line break, so that a run of unclosed tags is read once.
 */
function htmlTag(
  text: string,
  start: number,
): { image: boolean; attributes: string; end: number } | undefined {
  const name = HTML_TAG_NAME.exec(text.slice(start + 1, start + 5));
  if (!name) return undefined;
  const limit = Math.min(text.length, start + MAX_DESTINATION);
  let i = start + 1;
  while (i < limit && !'<>\n'.includes(text[i]!)) i++;
  if (i >= limit || text[i] !== '>') return undefined;
  return {
    image: name[1]!.toLowerCase() === 'img',
    attributes: text.slice(start + 1 + name[0].length, i),
    end: i + 1,
  };
}

function htmlAttribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'=<>\`]+))`, 'i').exec(
    attributes,
  );
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/** Runs a sticky pattern at `index`. */
function matchAt(pattern: RegExp, text: string, index: number): RegExpExecArray | null {
  pattern.lastIndex = index;
  return pattern.exec(text);
}

/** Scans one prose block for links, appending them to `out`. */
function scanInline(
  text: string,
  definitions: ReadonlyMap<string, string>,
  out: ExtractedLink[],
  nesting = 0,
): void {
  const block = new Block(text);
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\\') {
      i += 2;
      continue;
    }
    if (c === '`') {
      i = block.codeSpan(i).skipTo;
      continue;
    }
    if (c === '<') {
      if (text.startsWith('<!--', i)) {
        const close = text.indexOf('-->', i + 4);
        i = close < 0 ? text.length : close + 3;
        continue;
      }
      const auto = matchAt(AUTOLINK, text, i);
      if (auto) {
        out.push({ target: auto[1]!, image: false });
        i += auto[0].length;
        continue;
      }
      const email = matchAt(EMAIL_AUTOLINK, text, i);
      if (email) {
        out.push({ target: `mailto:${email[1]!}`, image: false });
        i += email[0].length;
        continue;
      }
      const tag = htmlTag(text, i);
      if (tag) {
        const target = htmlAttribute(tag.attributes, tag.image ? 'src' : 'href');
        if (target !== undefined && target !== '') out.push({ target, image: tag.image });
        i = tag.end;
        continue;
      }
      i++;
      continue;
    }
    if (c === '[' || (c === '!' && text[i + 1] === '[')) {
      const image = c === '!';
      const open = image ? i + 1 : i;
      const close = block.closing(open);
      if (close === undefined) {
        i = open + 1;
        continue;
      }
      const label = text.slice(open + 1, close);
      let target: string | undefined;
      let end = close + 1;
      if (text[close + 1] === '(') {
        const inline = inlineDestination(text, close + 1);
        if (inline) {
          target = inline.target;
          end = inline.end;
        }
      }
      if (target === undefined && text[close + 1] === '[') {
        const refClose = block.closing(close + 1);
        if (refClose !== undefined) {
          const reference = text.slice(close + 2, refClose);
          // `[text][]` is a collapsed reference: the text is the label.
          const found = definitions.get(normalizeLabel(reference === '' ? label : reference));
          if (found !== undefined) {
            target = found;
            end = refClose + 1;
          }
        }
      }
      if (target === undefined && !label.startsWith('^') && label.length <= 999) {
        const found = definitions.get(normalizeLabel(label));
        if (found !== undefined) target = found;
      }
      if (target === undefined) {
        // Not a link: its text may still hold links (`[see [this](x)]`).
        i = open + 1;
        continue;
      }
      if (target !== '') out.push({ target, image });
      // A link's text can hold an image (a clickable badge).
      if (nesting < MAX_NESTING) scanInline(label, definitions, out, nesting + 1);
      i = end;
      continue;
    }
    i++;
  }
}

/** Every link of a markdown document, in reading order. */
export function extractLinks(markdown: string): ExtractedLink[] {
  const { blocks, definitions } = splitBlocks(markdown);
  const out: ExtractedLink[] = [];
  for (const block of blocks) scanInline(block, definitions, out);
  return out;
}
