/** Composing the demo's pages: a written page's `page:` links resolved, the others composed from title and topic. */
import { slugify, type PageInput } from '../../domain/content/revisions.ts';
import type { DemoSpace, PageSpec } from './types.ts';

// ---------------------------------------------------------------------------------------------------------------
// Composing pages
// ---------------------------------------------------------------------------------------------------------------

interface Node {
  title: string;
  emoji?: string;
  markdown?: string;
  path: string;
  children: Node[];
}

/** A small deterministic hash, to vary the composed pages. */
function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

const pick = <T>(items: readonly T[], seed: number): T => items[seed % items.length]!;

/** The file a page is in a Git-synced space: `path/README.md` when it has children, else `path.md`. */
function fileOf(node: Node): string[] {
  const segments = node.path.split('/');
  return node.children.length > 0
    ? [...segments, 'README.md']
    : [...segments.slice(0, -1), `${segments.at(-1)!}.md`];
}

/** The relative link from one page's file to another's. */
function relativeLink(from: Node, to: Node): string {
  const fromDir = fileOf(from).slice(0, -1);
  const target = fileOf(to);
  let common = 0;
  while (common < fromDir.length && common < target.length - 1 && fromDir[common] === target[common])
    common++;
  const up = fromDir.length - common;
  const rest = target.slice(common).join('/');
  return up === 0 ? rest : `${'../'.repeat(up)}${rest}`;
}

const INTROS: ((title: string, topic: string) => string)[] = [
  (title, topic) =>
    `This page covers ${title.toLowerCase()} for ${topic}. Read it once from top to bottom, then come back to the section you need.`,
  (title, topic) =>
    `Everything about ${title.toLowerCase()} in ${topic}: what it is for, how to set it up and what to check when something looks wrong.`,
  (title, topic) =>
    `Use this page as the reference for ${title.toLowerCase()}. The owners of ${topic} keep it up to date; suggest changes in a comment.`,
];

const CHECKLISTS: string[][] = [
  [
    'Access to the Acme organization with at least the **edit** role',
    'The Acme CLI, version 4.2 or later (`acme --version`)',
    'Approval from the owning team for production changes',
  ],
  [
    'Read the overview of this space first',
    'Check the open change requests: someone may already be on it',
    'Keep the page short; link to details instead of repeating them',
  ],
  [
    'A test environment you can break',
    'Credentials from the secret manager, never from chat',
    'Half an hour without meetings',
  ],
];

const STEPS: string[][] = [
  [
    'Open the space and choose **Edit**.',
    'Make the change and preview it.',
    'Open a change request and ask a reviewer from the owning team.',
    'Merge once approved.',
  ],
  [
    'Announce the change in the team channel.',
    'Apply it in staging and watch the dashboards for ten minutes.',
    'Apply it in production.',
    'Record what you did in the changelog.',
  ],
  [
    'Find the owner in the space settings.',
    'Describe the problem and what you expected.',
    'Link to this page.',
  ],
];

const CODE: { lang: string; code: string }[] = [
  { lang: 'bash', code: 'acme spaces list --collection engineering\nacme spaces open "$SPACE_ID"' },
  { lang: 'yaml', code: 'service: docs\nreplicas: 3\nresources:\n  cpu: 500m\n  memory: 1Gi' },
  {
    lang: 'ts',
    code: "import { Acme } from '@acme/sdk';\n\nconst acme = new Acme({ token: process.env.ACME_TOKEN });\nconst spaces = await acme.spaces.list();",
  },
  {
    lang: 'sql',
    code: 'SELECT title, updated_at\nFROM spaces\nWHERE deleted_at IS NULL\nORDER BY updated_at DESC;',
  },
  { lang: 'json', code: '{\n  "enabled": true,\n  "retries": 3,\n  "timeoutSeconds": 30\n}' },
  {
    lang: 'python',
    code: 'from acme import Client\n\nclient = Client()\nfor space in client.spaces.list():\n    print(space.title)',
  },
];

const TABLES: string[] = [
  '| Setting | Default | Description |\n| --- | --- | --- |\n| `enabled` | `true` | Turns the feature on |\n| `retries` | `3` | Attempts before giving up |\n| `timeout` | `30s` | Time allowed per attempt |',
  '| Role | Can view | Can edit | Can administer |\n| --- | :-: | :-: | :-: |\n| Reader | ✅ | — | — |\n| Editor | ✅ | ✅ | — |\n| Admin | ✅ | ✅ | ✅ |',
  '| Environment | URL | Deploys |\n| --- | --- | --- |\n| Staging | `staging.acme.test` | Every merge |\n| Production | `acme.test` | Tuesdays and Thursdays |',
];

const HINTS: string[] = [
  '> **Note:** changes here apply to every space of the organization.',
  '> **Tip:** press `Ctrl` + `K` anywhere to jump to a page by its title.',
  '> **Warning:** this cannot be undone. Export a copy first.',
];

const EXTERNAL: [string, string][] = [
  ['the Markdown guide', 'https://www.markdownguide.org/basic-syntax/'],
  ['the Node.js documentation', 'https://nodejs.org/docs/latest/api/'],
  ['the OWASP cheat sheets', 'https://cheatsheetseries.owasp.org/'],
  ['semantic versioning', 'https://semver.org/'],
];

function composeMarkdown(
  node: Node,
  siblings: readonly Node[],
  parent: Node | undefined,
  spec: DemoSpace,
): string {
  const seed = hash(`${spec.title}/${node.path}`);
  const blocks: string[] = [pick(INTROS, seed)(node.title, spec.topic)];
  blocks.push('## Overview');
  blocks.push(
    `${node.title} is part of ${spec.topic}. The sections below describe the usual case first and the exceptions after it.`,
  );
  if (seed % 2 === 0) {
    blocks.push(
      '## Before you begin',
      pick(CHECKLISTS, seed >>> 3)
        .map((item) => `- ${item}`)
        .join('\n'),
    );
  } else {
    blocks.push(
      '## Steps',
      pick(STEPS, seed >>> 3)
        .map((item, i) => `${i + 1}. ${item}`)
        .join('\n'),
    );
  }
  if (seed % 3 !== 0) {
    const code = pick(CODE, seed >>> 5);
    blocks.push('## Example', `\`\`\`${code.lang}\n${code.code}\n\`\`\``);
  }
  if (seed % 4 < 2) blocks.push('## Reference', pick(TABLES, seed >>> 7));
  if (seed % 5 < 2) blocks.push(pick(HINTS, seed >>> 9));
  const images = spec.images ?? [];
  if (images.length > 0 && seed % 3 !== 1) {
    const image = pick(images, seed >>> 11);
    blocks.push(`![${node.title}](.gitbook/assets/${image})`);
  }
  const related: string[] = [];
  const index = siblings.indexOf(node);
  const next = siblings[index + 1];
  if (parent) related.push(`- Up: [${parent.title}](${relativeLink(node, parent)})`);
  for (const child of node.children) related.push(`- [${child.title}](${relativeLink(node, child)})`);
  if (next) related.push(`- Next: [${next.title}](${relativeLink(node, next)})`);
  if (seed % 6 === 0) {
    const [label, url] = pick(EXTERNAL, seed >>> 13);
    related.push(`- Further reading: [${label}](${url})`);
  }
  if (related.length > 0) blocks.push('## Related', related.join('\n'));
  return `${blocks.join('\n\n')}\n`;
}

function toNodes(specs: readonly PageSpec[], prefix: string): Node[] {
  const taken = new Set<string>();
  return specs.map((spec) => {
    const page = typeof spec === 'string' ? { title: spec } : spec;
    const slug = slugify(page.title);
    if (taken.has(slug)) throw new Error(`demo content: two sibling pages are titled "${page.title}"`);
    taken.add(slug);
    const path = prefix === '' ? slug : `${prefix}/${slug}`;
    const node: Node = { title: page.title, path, children: toNodes(page.pages ?? [], path) };
    if (page.emoji !== undefined) node.emoji = page.emoji;
    if (page.markdown !== undefined) node.markdown = page.markdown;
    return node;
  });
}

/** Turns the `page:` links of written markdown into relative paths from `from`. */
function resolvePageLinks(
  markdown: string,
  from: Node,
  byPath: ReadonlyMap<string, Node>,
  space: string,
): string {
  return markdown.replace(
    /\]\(page:([^)#\s]+)(#[^)\s]*)?\)/g,
    (_match, path: string, anchor: string | undefined) => {
      const target = byPath.get(path);
      if (!target) throw new Error(`demo content: "${space}" links to a page it does not have: ${path}`);
      return `](${relativeLink(from, target)}${anchor ?? ''})`;
    },
  );
}

/** The pages of a demo space, ready for `createSpaceRecord`. */
export function demoPages(spec: DemoSpace): PageInput[] {
  const roots = toNodes(spec.pages, '');
  const byPath = new Map<string, Node>();
  const index = (nodes: readonly Node[]) => {
    for (const node of nodes) {
      byPath.set(node.path, node);
      index(node.children);
    }
  };
  index(roots);
  const toInputs = (nodes: readonly Node[], parent: Node | undefined): PageInput[] =>
    nodes.map((node) => {
      const input: PageInput = {
        title: node.title,
        markdown:
          node.markdown !== undefined
            ? resolvePageLinks(node.markdown, node, byPath, spec.title)
            : composeMarkdown(node, nodes, parent, spec),
        pages: toInputs(node.children, node),
      };
      if (node.emoji !== undefined) input.emoji = node.emoji;
      return input;
    });
  return toInputs(roots, undefined);
}
