/** The pages the demo's change requests add. */
export const QUICKSTART = `Get from zero to your first published space in five minutes.

## 1. Install the CLI

\`\`\`bash
npm install --global @acme/cli
acme login
\`\`\`

## 2. Create a space

\`\`\`bash
acme spaces create "My product" --template docs
\`\`\`

## 3. Publish it

Open the space, choose **Publish**, and share the link with your team.

Next, read the [core concepts](core-concepts.md).
`;

export const RATE_LIMITS = `Every API token may send **100 requests per minute**. Bursts above that answer \`429 Too Many Requests\`
with a \`Retry-After\` header saying how many seconds to wait.

| Plan       | Requests per minute | Burst |
| ---------- | ------------------- | ----- |
| Free       | 100                 | 20    |
| Team       | 1,000               | 200   |
| Enterprise | Custom              | Custom |

> **Tip:** back off exponentially on \`429\` and never retry more than five times.
`;

export const GLOSSARY = `| Term | Meaning |
| --- | --- |
| Space | One set of documentation: a product, a handbook, an API. |
| Change request | A proposed set of edits to a space, reviewed before it is merged. |
| Revision | An immutable version of a space's content. |
| Site | A published website made of one or more spaces. |
`;
