/**
 * Page bodies as GitBook's structured JSON documents (`format=document`, and `document` inputs of content writes).
 * Bodies are stored as markdown; this converts both ways for a small, documented subset of GitBook's node types:
 *
 * - blocks: `paragraph`, `heading-1` … `heading-3` (deeper markdown headings become `heading-3`), `code` (with
 *   `code-line` children and `data.syntax`), `blockquote`, `list-unordered`, `list-ordered`, `list-tasks`,
 *   `list-item` (`data.checked` in task lists), `divider`;
 * - inlines: `link` (`data.ref` `{ kind: 'url', url }`); texts with leaves and the marks `bold`, `italic`, `code`,
 *   `strikethrough`.
 *
 * Markdown the subset cannot express (tables, raw HTML, images) becomes a paragraph holding its source text, so
 * nothing is lost when reading. A `document` input using any other node type is refused (the caller answers 400).
 */
import { Lexer, type Token, type Tokens } from 'marked';
import type { Static } from '@sinclair/typebox';
import type { JSONDocument } from '../../../shared/contract/resources/revisions.ts';

type Json = Static<typeof JSONDocument>;
type Mark = 'bold' | 'italic' | 'code' | 'strikethrough';

interface Leaf {
  object: 'leaf';
  text: string;
  marks: { object: 'mark'; type: Mark; data: Record<string, never> }[];
}
interface TextNode {
  object: 'text';
  leaves: Leaf[];
}
interface InlineNode {
  object: 'inline';
  type: 'link';
  isVoid: false;
  data: { ref: { kind: 'url'; url: string } };
  nodes: TextNode[];
}
interface BlockNode {
  object: 'block';
  type: string;
  isVoid?: boolean;
  data: Record<string, unknown>;
  nodes?: (BlockNode | InlineNode | TextNode)[];
}

/** A `document` input that uses something outside the subset: `path` locates the node, `problem` says what is wrong. */
export class DocumentShapeError extends Error {
  readonly path: string;
  readonly problem: string;
  constructor(path: string, problem: string) {
    super(`${path} ${problem}`);
    this.path = path;
    this.problem = problem;
  }
}

const text = (content: string, marks: readonly Mark[] = []): TextNode => ({
  object: 'text',
  leaves: [
    { object: 'leaf', text: content, marks: marks.map((type) => ({ object: 'mark', type, data: {} })) },
  ],
});

/** Inline tokens as text and link nodes, marks accumulated on the way down. */
function inlines(
  tokens: readonly Token[] | undefined,
  marks: readonly Mark[] = [],
): (TextNode | InlineNode)[] {
  const out: (TextNode | InlineNode)[] = [];
  for (const token of tokens ?? []) {
    switch (token.type) {
      case 'strong':
        out.push(...inlines((token as Tokens.Strong).tokens, [...marks, 'bold']));
        break;
      case 'em':
        out.push(...inlines((token as Tokens.Em).tokens, [...marks, 'italic']));
        break;
      case 'del':
        out.push(...inlines((token as Tokens.Del).tokens, [...marks, 'strikethrough']));
        break;
      case 'codespan':
        out.push(text((token as Tokens.Codespan).text, [...marks, 'code']));
        break;
      case 'link': {
        const link = token as Tokens.Link;
        const children = inlines(link.tokens, marks).filter((n): n is TextNode => n.object === 'text');
        out.push({
          object: 'inline',
          type: 'link',
          isVoid: false,
          data: { ref: { kind: 'url', url: link.href } },
          nodes: children.length > 0 ? children : [text(link.href, marks)],
        });
        break;
      }
      case 'br':
        out.push(text('\n', marks));
        break;
      case 'text': {
        const t = token as Tokens.Text;
        if (t.tokens && t.tokens.length > 0) out.push(...inlines(t.tokens, marks));
        else out.push(text(t.text, marks));
        break;
      }
      case 'escape':
        out.push(text((token as Tokens.Escape).text, marks));
        break;
      default:
        out.push(text(token.raw, marks));
    }
  }
  return out.length > 0 ? out : [text('')];
}

function blocks(tokens: readonly Token[]): BlockNode[] {
  const out: BlockNode[] = [];
  for (const token of tokens) {
    switch (token.type) {
      case 'space':
      case 'def':
        break;
      case 'heading': {
        const heading = token as Tokens.Heading;
        out.push({
          object: 'block',
          type: `heading-${Math.min(Math.max(heading.depth, 1), 3)}`,
          data: {},
          nodes: inlines(heading.tokens),
        });
        break;
      }
      case 'paragraph':
        out.push({
          object: 'block',
          type: 'paragraph',
          data: {},
          nodes: inlines((token as Tokens.Paragraph).tokens),
        });
        break;
      case 'code': {
        const code = token as Tokens.Code;
        out.push({
          object: 'block',
          type: 'code',
          data: code.lang ? { syntax: code.lang } : {},
          nodes: code.text.split('\n').map((line) => ({
            object: 'block',
            type: 'code-line',
            data: {},
            nodes: [text(line)],
          })),
        });
        break;
      }
      case 'blockquote':
        out.push({
          object: 'block',
          type: 'blockquote',
          data: {},
          nodes: blocks((token as Tokens.Blockquote).tokens),
        });
        break;
      case 'list': {
        const list = token as Tokens.List;
        const tasks = list.items.some((item) => item.task);
        out.push({
          object: 'block',
          type: tasks ? 'list-tasks' : list.ordered ? 'list-ordered' : 'list-unordered',
          data: {},
          nodes: list.items.map((item) => ({
            object: 'block',
            type: 'list-item',
            data: tasks ? { checked: item.checked === true } : {},
            nodes: listItemBlocks(item),
          })),
        });
        break;
      }
      case 'hr':
        out.push({ object: 'block', type: 'divider', isVoid: true, data: {} });
        break;
      case 'text': {
        const t = token as Tokens.Text;
        out.push({
          object: 'block',
          type: 'paragraph',
          data: {},
          nodes: inlines(t.tokens ?? [{ ...t, tokens: [] }]),
        });
        break;
      }
      default:
        out.push({
          object: 'block',
          type: 'paragraph',
          data: {},
          nodes: [text(token.raw.replace(/\n+$/, ''))],
        });
    }
  }
  return out;
}

/** A list item's blocks: tight items hold bare text tokens, which become one paragraph. */
function listItemBlocks(item: Tokens.ListItem): BlockNode[] {
  const children = item.tokens.filter((token) => token.type !== 'checkbox');
  const made = blocks(children);
  return made.length > 0 ? made : [{ object: 'block', type: 'paragraph', data: {}, nodes: [text('')] }];
}

/** The JSON document of a markdown body. */
export function markdownToDocument(markdown: string): Json {
  return { object: 'document', data: {}, nodes: blocks(new Lexer({ gfm: true }).lex(markdown)) };
}

// ---- document → markdown ----

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Escapes the characters that would turn plain text into markdown syntax. */
const escapeText = (value: string): string => value.replace(/([\\`*_[\]<>#|~])/g, '\\$1');

function nodesOf(node: Record<string, unknown>, path: string): unknown[] {
  const nodes = node.nodes ?? [];
  if (!Array.isArray(nodes)) throw new DocumentShapeError(`${path}.nodes`, `must be an array`);
  return nodes;
}

function leafText(leaf: unknown, path: string): string {
  if (!isRecord(leaf) || typeof leaf.text !== 'string')
    throw new DocumentShapeError(path, `must be a leaf with a \`text\``);
  const marks = Array.isArray(leaf.marks) ? leaf.marks : [];
  const types = marks.map((mark, i) => {
    const type = isRecord(mark) ? mark.type : undefined;
    if (type !== 'bold' && type !== 'italic' && type !== 'code' && type !== 'strikethrough')
      throw new DocumentShapeError(`${path}.marks[${i}]`, `has an unsupported type \`${String(type)}\``);
    return type;
  });
  if (leaf.text === '') return '';
  if (types.includes('code')) {
    const fence = leaf.text.includes('`') ? '``' : '`';
    return `${fence}${leaf.text}${fence}`;
  }
  let out = escapeText(leaf.text);
  if (types.includes('strikethrough')) out = `~~${out}~~`;
  if (types.includes('italic')) out = `_${out}_`;
  if (types.includes('bold')) out = `**${out}**`;
  return out;
}

function inlineText(nodes: readonly unknown[], path: string): string {
  return nodes
    .map((node, i) => {
      const at = `${path}.nodes[${i}]`;
      if (!isRecord(node)) throw new DocumentShapeError(at, `must be an object`);
      if (node.object === 'text') {
        const leaves = Array.isArray(node.leaves) ? node.leaves : [];
        return leaves.map((leaf, j) => leafText(leaf, `${at}.leaves[${j}]`)).join('');
      }
      if (node.object === 'inline' && node.type === 'link') {
        const ref = isRecord(node.data) && isRecord(node.data.ref) ? node.data.ref : undefined;
        if (!ref || ref.kind !== 'url' || typeof ref.url !== 'string')
          throw new DocumentShapeError(`${at}.data.ref`, `must be \`{ kind: 'url', url }\``);
        return `[${inlineText(nodesOf(node, at), at)}](<${ref.url.replace(/[<>\s]/g, encodeURIComponent)}>)`;
      }
      throw new DocumentShapeError(at, `has an unsupported type \`${String(node.type ?? node.object)}\``);
    })
    .join('');
}

const indent = (block: string, prefix: string): string =>
  block
    .split('\n')
    .map((line, i) => (i === 0 ? line : line === '' ? '' : `${' '.repeat(prefix.length)}${line}`))
    .join('\n');

function blockMarkdown(node: unknown, path: string): string {
  if (!isRecord(node) || node.object !== 'block')
    throw new DocumentShapeError(path, `must be a block (\`object: 'block'\`)`);
  const children = nodesOf(node, path);
  switch (node.type) {
    case 'paragraph':
      return inlineText(children, path);
    case 'heading-1':
    case 'heading-2':
    case 'heading-3':
      return `${'#'.repeat(Number(node.type.slice(-1)))} ${inlineText(children, path)}`;
    case 'divider':
      return '---';
    case 'code': {
      const lines = children.map((line, i) => {
        const at = `${path}.nodes[${i}]`;
        if (!isRecord(line) || line.type !== 'code-line')
          throw new DocumentShapeError(at, `must be a \`code-line\` block`);
        return nodesOf(line, at)
          .map((t, j) => {
            const leaves = isRecord(t) && Array.isArray(t.leaves) ? t.leaves : [];
            return leaves
              .map((leaf, k) => {
                if (!isRecord(leaf) || typeof leaf.text !== 'string')
                  throw new DocumentShapeError(
                    `${at}.nodes[${j}].leaves[${k}]`,
                    `must be a leaf with a \`text\``,
                  );
                return leaf.text;
              })
              .join('');
          })
          .join('');
      });
      const syntax = isRecord(node.data) && typeof node.data.syntax === 'string' ? node.data.syntax : '';
      const fence = lines.some((line) => line.startsWith('```')) ? '~~~~' : '```';
      return `${fence}${syntax.replace(/\s/g, '')}\n${lines.join('\n')}\n${fence}`;
    }
    case 'blockquote':
      return blocksMarkdown(children, path)
        .split('\n')
        .map((line) => (line === '' ? '>' : `> ${line}`))
        .join('\n');
    case 'list-unordered':
    case 'list-ordered':
    case 'list-tasks':
      return children
        .map((item, i) => {
          const at = `${path}.nodes[${i}]`;
          if (!isRecord(item) || item.type !== 'list-item')
            throw new DocumentShapeError(at, `must be a \`list-item\` block`);
          const checked = isRecord(item.data) && item.data.checked === true;
          const prefix =
            node.type === 'list-ordered'
              ? `${i + 1}. `
              : node.type === 'list-tasks'
                ? `- [${checked ? 'x' : ' '}] `
                : '- ';
          return `${prefix}${indent(blocksMarkdown(nodesOf(item, at), at), prefix)}`;
        })
        .join('\n');
    default:
      throw new DocumentShapeError(path, `has an unsupported block type \`${String(node.type)}\``);
  }
}

function blocksMarkdown(nodes: readonly unknown[], path: string): string {
  return nodes.map((node, i) => blockMarkdown(node, `${path}.nodes[${i}]`)).join('\n\n');
}

/** The markdown of a JSON document, or a `DocumentShapeError` naming the first node outside the subset. */
export function documentToMarkdown(document: Json, path = 'document'): string {
  const markdown = blocksMarkdown(document.nodes, path);
  return markdown === '' ? '' : `${markdown}\n`;
}
