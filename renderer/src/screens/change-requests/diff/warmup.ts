/**
 * A small page in two versions with each kind of markdown block the seeds and real pages use (headings, paragraphs
 * with inline marks and links, lists, code, a table, a quote, HTML). The diff worker diffs it once as it starts, while
 * the page trees load: the first diff of a page on screen would otherwise pay for compiling the markdown lexer's
 * expressions and the diff's code (tens of milliseconds on this machine kind).
 */
const BASE = `# Set up the workspace

The **workspace** keeps the \`config.site\` settings and the [API keys](api-keys.md) of each team.

## Limits

- Requests: 100 a minute per token.
- Uploads: up to 20 MB each.

1. Open the settings.
2. Choose *Limits*.

\`\`\`typescript
const limits = await client.limits.get({ teamId: 'docs-1' });
\`\`\`

| Name | Value |
| --- | --- |
| requests | 100 |

> Limits apply to every token of the organization.

<details><summary>More</summary>Old tokens keep their limits.</details>
`;

const HEAD = `# Set up the workspace

The **workspace** keeps the \`config.site\` settings, the [API keys](api-keys.md) and the quotas of each team.

## Limits

- Requests: 120 a minute per token.
- Uploads: up to 20 MB each.
- Exports: 5 at a time.

1. Open the settings.
2. Choose *Limits*, then *Edit*.

\`\`\`typescript
const limits = await client.limits.get({ teamId: 'docs-2', limit: 10 });
\`\`\`

| Name | Value |
| --- | --- |
| requests | 120 |

> Limits apply to every token of the organization.

A new paragraph after the quote.
`;

/** The two versions the worker diffs as it starts. */
export const WARM_UP = { base: BASE, head: HEAD } as const;
