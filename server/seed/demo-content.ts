/**
 * The demo organization's content as plain data: collections nested three deep, spaces with multi-page markdown,
 * images, links between pages (a few of them broken on purpose, so that the link report has something to show),
 * external links and one app link. Flagship pages are written out; the others are composed from the page's title
 * and its space's topic, so that every page has headings, lists, code, tables or quotes without a novel of text.
 * Everything here is deterministic: the same titles, structure and markdown on every run.
 */
import { slugify, type PageInput } from '../domain/content/revisions.ts';

/**
 * A page: a title alone (its body is composed), or a title with written markdown and children. In written
 * markdown, `](page:some/path)` links to the page at that slug path of the same space and becomes the relative
 * path a Git-synced space would hold; an unknown path is a mistake in this file and throws.
 */
export type PageSpec = string | { title: string; emoji?: string; markdown?: string; pages?: PageSpec[] };

export interface DemoSpace {
  kind: 'space';
  title: string;
  emoji: string;
  visibility: 'public' | 'unlisted' | 'share-link' | 'visitor-auth' | 'in-collection' | 'private';
  editMode?: 'locked';
  /** A role, `inherit` (the default) or null. */
  defaultLevel?: string | null;
  /** Who created it: a person of the demo organization. */
  creator: string;
  /** How many days before the seed date it was created. */
  ageDays: number;
  /** What its composed pages talk about. */
  topic: string;
  /** Images stored as files of its revision (see demo-images.ts). */
  images?: string[];
  /** Days before the seed date it went to the trash. */
  deletedDaysAgo?: number;
  pages: PageSpec[];
}

export interface DemoCollection {
  kind: 'collection';
  title: string;
  description?: string;
  defaultLevel?: string | null;
  children: DemoItem[];
}

export type DemoItem = DemoSpace | DemoCollection;

const space = (fields: Omit<DemoSpace, 'kind'>): DemoSpace => ({ kind: 'space', ...fields });
const collection = (fields: Omit<DemoCollection, 'kind'>): DemoCollection => ({
  kind: 'collection',
  ...fields,
});

// ---------------------------------------------------------------------------------------------------------------
// Written pages
// ---------------------------------------------------------------------------------------------------------------

const WELCOME = `Welcome to **Acme Docs**, the home of everything we write down: product documentation, engineering
runbooks and the company handbook.

![Acme logo](.gitbook/assets/logo.png)

## Where to start

| If you are…        | Read                                                     |
| ------------------ | -------------------------------------------------------- |
| New to Acme        | [How we work](page:how-we-work)                          |
| Writing docs       | [Writing guidelines](page:how-we-work/writing-guidelines) |
| Looking for a page | The search box, or ask in \`#docs\`                        |

## Useful links

- The organization in the app: [Acme Docs](https://app.gitbook.com/o/acme-docs/home)
- Our public website: <https://www.acme.test>
- Questions about these docs: <mailto:docs@acme.test>

> **Tip:** every space has a link report. Broken links show up there before readers find them.
`;

const HOW_WE_WORK = `We write things down so that decisions outlive the meeting they were made in.

## Principles

1. **Write first.** A proposal starts as a page, not as a meeting invite.
2. **Link, don't copy.** When something is explained elsewhere, [link to it](page:how-we-work/writing-guidelines#links).
3. **Keep it current.** The owner of a space reviews it every quarter.

> Documentation is a love letter that you write to your future self. — Damian Conway
`;

const WRITING_GUIDELINES = `Short, direct sentences. One idea per paragraph.

## Structure

- Start every page with what the reader will be able to do after reading it.
- Use headings as a table of contents: a reader scanning them should know where to go.
- Put commands in code blocks, never in prose:

\`\`\`bash
acme docs lint --space handbook
\`\`\`

## Links

Prefer relative links to other pages, such as [the welcome page](page:welcome). The link report flags links whose
target disappears, like this one to a [page that was never written](style-guide-2019.md).

## Images

Store images with the space (they live in \`.gitbook/assets\`) and give each one a description:

![A workflow diagram](.gitbook/assets/workflow.png)
`;

const QUICKSTART = `Get from zero to a published space in about ten minutes.

## Install the CLI

\`\`\`bash
npm install --global @acme/cli
acme login
\`\`\`

## Create your first project

\`\`\`bash
acme init my-project --template docs
cd my-project
acme dev
\`\`\`

Open <http://localhost:4000> to see it running. When it looks right, continue with
[configuration](page:installation/configuration).

> **Coming from version 1?** Read the [migration guide](migrating-from-v1.md) first.
`;

const INSTALLATION = `Acme runs on Linux, macOS and Windows. Pick the method that fits your environment.

| Method   | Command                          | Updates            |
| -------- | -------------------------------- | ------------------ |
| npm      | \`npm install -g @acme/cli\`       | \`npm update -g\`    |
| Homebrew | \`brew install acme\`              | \`brew upgrade\`     |
| Docker   | \`docker run acme/cli\`            | pull a new tag     |

See [system requirements](page:installation/system-requirements) before installing on a server.
`;

const SYSTEM_REQUIREMENTS = `## Minimum

- 2 CPU cores, 4 GB of memory
- Node.js 22 or later: <https://nodejs.org/en/download>
- 1 GB of free disk space

## Recommended for teams

- 4 CPU cores, 8 GB of memory
- A PostgreSQL 16 database (see the [PostgreSQL documentation](https://www.postgresql.org/docs/16/))

Back to [installation](page:installation).
`;

const CONFIGURATION = `Acme reads \`acme.config.json\` at the root of the project.

\`\`\`json
{
  "title": "My project",
  "theme": { "accent": "#2563eb" },
  "search": { "enabled": true }
}
\`\`\`

| Key            | Type    | Default     | Description                            |
| -------------- | ------- | ----------- | -------------------------------------- |
| \`title\`        | string  | folder name | Shown in the header and the page title |
| \`theme.accent\` | colour  | \`#2563eb\`   | Links and buttons                      |
| \`search\`       | object  | enabled     | Full-text search settings              |

Next: [your first space](page:first-space).
`;

const FIRST_SPACE = `A space holds one set of documentation: a product, a team handbook, an API.

1. Open the organization and choose **New space**.
2. Give it a title and an emoji.
3. Write the first page, or import Markdown files.

![The new space dialog](.gitbook/assets/screenshot.png)

When you are done, go back to the [quickstart](page:quickstart) or read about [installation](page:installation).
`;

const INCIDENT_OVERVIEW = `An incident is any event that degrades the service for customers. Declare early: a false alarm costs
minutes, a late declaration costs hours.

## Severity levels

| Level | Definition                                   | Response time | Who is paged          |
| ----- | -------------------------------------------- | ------------- | --------------------- |
| SEV1  | Service down for all customers               | 5 minutes     | On-call + engineering lead |
| SEV2  | Major feature unavailable, no workaround     | 15 minutes    | On-call               |
| SEV3  | Degraded performance or a workaround exists  | Next business day | Owning team       |

## Roles

- **Incident commander**: coordinates, decides, communicates. Does not debug.
- **Operations lead**: investigates and applies fixes.
- **Communications lead**: updates the status page every 30 minutes.

Start with [declaring an incident](page:declaring-an-incident), and when it is over write the review from the
[postmortem template](../templates/postmortem.md).
`;

const DECLARING = `Run the command in the incident channel:

\`\`\`text
/incident declare sev2 "Checkout requests time out"
\`\`\`

The bot creates a channel, pages the on-call engineer and opens a timeline.

> **Warning:** never fix first and declare afterwards. The timeline is what the review is written from.

Then follow the [communication plan](page:communication).
`;

const COMMUNICATION = `Customers hear from us on the status page at <https://status.acme.test>.

## Templates

**Investigating**

> We are investigating reports of slow responses on the dashboard. Next update in 30 minutes.

**Resolved**

> The issue affecting the dashboard has been resolved. We will publish a review within five business days.

Back to the [overview](page:overview#severity-levels).
`;

const API_AUTH = `Every request carries a bearer token:

\`\`\`bash
curl https://api.acme.test/v1/projects \\
  --header "Authorization: Bearer $ACME_TOKEN"
\`\`\`

Create tokens in **Settings → API tokens**. Tokens are shown once; store them in a secret manager.

| Scope   | Allows                          |
| ------- | ------------------------------- |
| \`read\`  | Every \`GET\` endpoint            |
| \`write\` | Creating and updating resources |
| \`admin\` | Members, billing and tokens     |

Errors are described in [errors](page:errors).
`;

const API_ERRORS = `Errors share one shape:

\`\`\`json
{ "error": { "code": 404, "message": "no project with id \`p_123\`" } }
\`\`\`

- \`400\`: the message names the field that is wrong.
- \`401\`: the token is missing or unknown.
- \`404\`: the resource does not exist, or you may not see it.
- \`429\`: slow down; retry after the \`Retry-After\` header.

Pagination is covered in [pagination](page:pagination).
`;

const API_PAGINATION = `Lists answer at most \`limit\` items and a cursor for the next page:

\`\`\`ts
let page: string | undefined;
do {
  const answer = await acme.projects.list({ limit: 100, page });
  for (const project of answer.items) console.log(project.title);
  page = answer.next?.page;
} while (page);
\`\`\`

Cursors stay valid while items are added or removed. See [authentication](page:authentication) to get a token.
`;

const RELEASE_LATEST = `## 4.2.0

- **New:** link reports show broken links per space.
- **New:** spaces can be locked to prevent edits during a release.
- **Fixed:** moving a collection no longer reorders its siblings.

\`\`\`bash
acme self-update --channel stable
\`\`\`

The notes of the previous major version are in [version 3](broken-reference).
`;

const HANDBOOK_MISSION = `> We help teams write down what they know, so that nobody has to ask twice.

Acme was founded in 2019 by people tired of answering the same questions in chat. We are a remote-first company of
about 120 people in 14 countries.

## Values

1. **Clarity over cleverness.**
2. **Ownership**: if you see a problem, you own it until someone else does.
3. **Kindness**: assume good intent, say thank you.

Read on: [how we communicate](page:how-we-communicate).
`;

const ADMIN_AUDIT = `The audit log records every change to members, teams and permissions.

![The audit log screen](.gitbook/assets/audit-log.png)

Filter by actor, action or date. Export as CSV from **Settings → Audit log → Export**.

| Action           | Recorded data                 |
| ---------------- | ----------------------------- |
| \`member.added\`   | who, role, invited by         |
| \`member.removed\` | who, by whom                  |
| \`team.updated\`   | team, changed fields          |
`;

// ---------------------------------------------------------------------------------------------------------------
// The tree
// ---------------------------------------------------------------------------------------------------------------

export const DEMO_CONTENT: DemoItem[] = [
  space({
    title: 'Welcome to Acme',
    emoji: '👋',
    visibility: 'public',
    creator: 'Ada Lovelace',
    ageDays: 380,
    topic: 'Acme Docs',
    images: ['logo.png', 'workflow.png'],
    pages: [
      { title: 'Welcome', emoji: '👋', markdown: WELCOME },
      {
        title: 'How we work',
        markdown: HOW_WE_WORK,
        pages: [{ title: 'Writing guidelines', markdown: WRITING_GUIDELINES }, 'Review checklist'],
      },
      'Glossary',
    ],
  }),
  collection({
    title: 'Product',
    description: 'Everything customers read about the product.',
    defaultLevel: 'inherit',
    children: [
      space({
        title: 'Product Overview',
        emoji: '📦',
        visibility: 'public',
        creator: 'Margaret Hamilton',
        ageDays: 350,
        topic: 'the Acme platform',
        images: ['architecture.png', 'dashboard.png'],
        pages: [
          'Introduction',
          'Key concepts',
          { title: 'Features', pages: ['Editor', 'Search', 'Analytics'] },
          'FAQ',
        ],
      }),
      space({
        title: 'Release Notes',
        emoji: '🚀',
        visibility: 'public',
        creator: 'Linus Pauling',
        ageDays: 300,
        topic: 'Acme releases',
        pages: [
          { title: 'Latest release', markdown: RELEASE_LATEST },
          { title: '2025', pages: ['December 2025', 'September 2025', 'June 2025'] },
          'Deprecations',
        ],
      }),
      space({
        title: 'Pricing & Plans',
        emoji: '1f4b3',
        visibility: 'in-collection',
        creator: 'Katherine Johnson',
        ageDays: 120,
        topic: 'plans and billing',
        pages: ['Plans', 'Billing', 'Invoices and receipts'],
      }),
      collection({
        title: 'Guides',
        description: 'Task-oriented guides, from first steps to advanced setups.',
        children: [
          space({
            title: 'Getting Started',
            emoji: '🏁',
            visibility: 'public',
            creator: 'Alan Turing',
            ageDays: 340,
            topic: 'getting started',
            images: ['screenshot.png'],
            pages: [
              { title: 'Quickstart', markdown: QUICKSTART },
              {
                title: 'Installation',
                markdown: INSTALLATION,
                pages: [
                  { title: 'System requirements', markdown: SYSTEM_REQUIREMENTS },
                  { title: 'Configuration', markdown: CONFIGURATION },
                ],
              },
              { title: 'First space', markdown: FIRST_SPACE },
              'Next steps',
            ],
          }),
          space({
            title: 'User Guide',
            emoji: '📘',
            visibility: 'in-collection',
            creator: 'Barbara Liskov',
            ageDays: 320,
            topic: 'everyday editing',
            images: ['screenshot.png'],
            pages: [
              'Editing pages',
              { title: 'Blocks', pages: ['Code blocks', 'Tables', 'Hints and quotes'] },
              'Comments',
              'Keyboard shortcuts',
              'Version history',
            ],
          }),
          space({
            title: 'Admin Guide',
            emoji: '🛠️',
            visibility: 'in-collection',
            creator: 'Grace Hopper',
            ageDays: 310,
            topic: 'organization administration',
            images: ['dashboard.png'],
            pages: [
              'Members and roles',
              'Teams',
              { title: 'Audit log', markdown: ADMIN_AUDIT },
              'Billing administration',
            ],
          }),
          space({
            title: 'Integrations',
            emoji: '🔌',
            visibility: 'public',
            creator: 'Guido van Rossum',
            ageDays: 200,
            topic: 'integrations',
            pages: ['Overview', { title: 'Chat', pages: ['Slack', 'Microsoft Teams'] }, 'GitHub', 'Zapier'],
          }),
          collection({
            title: 'Advanced',
            description: 'For administrators and power users.',
            defaultLevel: 'read',
            children: [
              space({
                title: 'Custom Domains',
                emoji: '🌐',
                visibility: 'in-collection',
                creator: 'Radia Perlman',
                ageDays: 180,
                topic: 'custom domains',
                pages: ['Setting up a domain', 'DNS records', 'TLS certificates'],
              }),
              space({
                title: 'SSO & SAML',
                emoji: '🔐',
                visibility: 'in-collection',
                creator: 'Whitfield Diffie',
                ageDays: 170,
                topic: 'single sign-on',
                pages: [
                  'Overview',
                  { title: 'Identity providers', pages: ['Okta', 'Azure AD', 'Google Workspace'] },
                  'Troubleshooting',
                ],
              }),
              space({
                title: 'Webhooks',
                emoji: '🪝',
                visibility: 'visitor-auth',
                creator: 'John McCarthy',
                ageDays: 90,
                topic: 'webhooks',
                pages: ['Receiving events', 'Verifying signatures', 'Retries'],
              }),
              space({
                title: 'Performance Tuning',
                emoji: '⚡',
                visibility: 'in-collection',
                creator: 'Leslie Lamport',
                ageDays: 60,
                topic: 'performance',
                images: ['dashboard.png'],
                pages: ['Caching', 'Large spaces', 'Measuring'],
              }),
            ],
          }),
        ],
      }),
      collection({
        title: 'API',
        description: 'The REST API and its client libraries.',
        children: [
          space({
            title: 'REST API Reference',
            emoji: '📡',
            visibility: 'public',
            creator: 'Guido van Rossum',
            ageDays: 260,
            topic: 'the REST API',
            pages: [
              { title: 'Authentication', markdown: API_AUTH },
              { title: 'Errors', markdown: API_ERRORS },
              { title: 'Pagination', markdown: API_PAGINATION },
              { title: 'Endpoints', pages: ['Projects', 'Members', 'Webhooks'] },
            ],
          }),
          space({
            title: 'SDKs',
            emoji: '🧰',
            visibility: 'share-link',
            creator: 'Jean Bartik',
            ageDays: 150,
            topic: 'the client libraries',
            pages: ['JavaScript', 'Python', 'Go'],
          }),
        ],
      }),
    ],
  }),
  collection({
    title: 'Engineering',
    description: 'How we build, ship and run Acme.',
    defaultLevel: 'inherit',
    children: [
      space({
        title: 'Engineering Handbook',
        emoji: '🧭',
        visibility: 'in-collection',
        creator: 'Grace Hopper',
        ageDays: 390,
        topic: 'engineering practices',
        pages: [
          'Code review',
          'Branching and releases',
          { title: 'Style guides', pages: ['TypeScript', 'SQL'] },
        ],
      }),
      space({
        title: 'Architecture',
        emoji: '🏛️',
        visibility: 'in-collection',
        creator: 'Edsger Dijkstra',
        ageDays: 280,
        topic: 'the system architecture',
        images: ['architecture.png', 'diagram.png'],
        pages: [
          'System overview',
          { title: 'Services', pages: ['API gateway', 'Renderer', 'Search indexer'] },
          'Data model',
          'Decision records',
        ],
      }),
      collection({
        title: 'Platform',
        description: 'Infrastructure, delivery and observability.',
        children: [
          space({
            title: 'Infrastructure',
            emoji: '🏗️',
            visibility: 'in-collection',
            creator: 'Linus Pauling',
            ageDays: 240,
            topic: 'infrastructure',
            images: ['architecture.png'],
            pages: ['Environments', 'Networking', 'Secrets', 'Cost'],
          }),
          space({
            title: 'CI/CD Pipelines',
            emoji: '🔁',
            visibility: 'in-collection',
            creator: 'Leslie Lamport',
            ageDays: 220,
            topic: 'continuous delivery',
            images: ['workflow.png'],
            pages: ['Pipeline stages', 'Preview environments', 'Releasing'],
          }),
          space({
            title: 'Observability',
            emoji: '📈',
            visibility: 'private',
            creator: 'Alan Turing',
            ageDays: 140,
            topic: 'observability',
            images: ['dashboard.png'],
            pages: ['Metrics', 'Logs', 'Tracing', 'Alerts'],
          }),
          collection({
            title: 'Runbooks',
            description: 'Step-by-step procedures for the on-call engineer.',
            children: [
              space({
                title: 'Incident Response',
                emoji: '🚨',
                visibility: 'in-collection',
                editMode: 'locked',
                creator: 'Radia Perlman',
                ageDays: 230,
                topic: 'incident response',
                pages: [
                  { title: 'Overview', markdown: INCIDENT_OVERVIEW },
                  { title: 'Declaring an incident', markdown: DECLARING },
                  { title: 'Communication', markdown: COMMUNICATION },
                  'After the incident',
                ],
              }),
              space({
                title: 'Database Failover',
                emoji: '🗄️',
                visibility: 'in-collection',
                creator: 'John McCarthy',
                ageDays: 160,
                topic: 'database failover',
                pages: ['When to fail over', 'Failover procedure', 'Verification'],
              }),
              space({
                title: 'On-call Guide',
                emoji: '📟',
                visibility: 'in-collection',
                creator: 'Frances Allen',
                ageDays: 130,
                topic: 'on-call duty',
                pages: ['Rotation', 'Handover', { title: 'Escalation', pages: ['Paging', 'Vendors'] }],
              }),
              space({
                title: 'Deploy Rollback',
                emoji: '⏪',
                visibility: 'in-collection',
                creator: 'Leslie Lamport',
                ageDays: 45,
                topic: 'rollbacks',
                pages: ['Deciding to roll back', 'Rolling back', 'Follow-up'],
              }),
            ],
          }),
        ],
      }),
      collection({
        title: 'Frontend',
        description: 'The web app and its design system.',
        children: [
          space({
            title: 'Design System',
            emoji: '🎨',
            visibility: 'public',
            creator: 'Sophie Wilson',
            ageDays: 210,
            topic: 'the design system',
            images: ['logo.png', 'screenshot.png'],
            pages: [
              'Principles',
              { title: 'Foundations', pages: ['Colour', 'Typography', 'Spacing'] },
              { title: 'Components', pages: ['Buttons', 'Dialogs', 'Forms'] },
            ],
          }),
          space({
            title: 'Web App',
            emoji: '🖥️',
            visibility: 'in-collection',
            creator: 'Adele Goldberg',
            ageDays: 190,
            topic: 'the web app',
            pages: ['Local development', 'State management', 'Testing', 'Accessibility'],
          }),
        ],
      }),
    ],
  }),
  collection({
    title: 'Company',
    description: 'The handbook, people and policies.',
    defaultLevel: 'read',
    children: [
      space({
        title: 'Company Handbook',
        emoji: '🏢',
        visibility: 'in-collection',
        editMode: 'locked',
        creator: 'Ada Lovelace',
        ageDays: 395,
        topic: 'life at Acme',
        pages: [
          { title: 'Mission and values', markdown: HANDBOOK_MISSION },
          'How we communicate',
          { title: 'Working hours', pages: ['Time off', 'Public holidays'] },
          'Equipment',
        ],
      }),
      space({
        title: 'Benefits',
        emoji: '🎁',
        visibility: 'in-collection',
        creator: 'Hedy Lamarr',
        ageDays: 100,
        topic: 'benefits',
        pages: ['Health insurance', 'Learning budget', 'Home office'],
      }),
      collection({
        title: 'People',
        description: 'Joining, growing and hiring.',
        children: [
          space({
            title: 'Onboarding',
            emoji: '1f9d1-200d-1f4bb',
            visibility: 'in-collection',
            creator: 'Katherine Johnson',
            ageDays: 250,
            topic: 'onboarding',
            images: ['workflow.png'],
            pages: ['First day', 'First week', 'First month', 'Buddy program'],
          }),
          space({
            title: 'Hiring Process',
            emoji: '🤝',
            visibility: 'private',
            creator: 'Edsger Dijkstra',
            ageDays: 110,
            topic: 'hiring',
            pages: ['Opening a role', 'Interviews', 'Offers'],
          }),
        ],
      }),
      collection({
        title: 'Policies',
        description: 'Rules everyone follows.',
        children: [
          space({
            title: 'Security Policy',
            emoji: '🛡️',
            visibility: 'in-collection',
            creator: 'Radia Perlman',
            ageDays: 270,
            topic: 'security',
            pages: ['Passwords and keys', 'Devices', 'Reporting a vulnerability'],
          }),
          space({
            title: 'Travel & Expenses',
            emoji: '✈️',
            visibility: 'in-collection',
            creator: 'Annie Easley',
            ageDays: 80,
            topic: 'travel and expenses',
            pages: ['Booking travel', 'Expense claims'],
          }),
        ],
      }),
    ],
  }),
  space({
    title: 'Brand Guidelines',
    emoji: '🖌️',
    visibility: 'public',
    creator: 'Sophie Wilson',
    ageDays: 160,
    topic: 'the brand',
    images: ['logo.png'],
    pages: ['Logo', 'Voice and tone', 'Colours'],
  }),
  space({
    title: 'Roadmap 2026',
    emoji: '🗺️',
    visibility: 'unlisted',
    creator: 'Grace Hopper',
    ageDays: 40,
    topic: 'the 2026 roadmap',
    pages: ['Themes', { title: 'Quarters', pages: ['Q1', 'Q2', 'Q3', 'Q4'] }, 'Not doing'],
  }),
  space({
    title: 'Meeting Notes',
    emoji: '📝',
    visibility: 'private',
    creator: 'Margaret Hamilton',
    ageDays: 30,
    topic: 'weekly meetings',
    pages: [{ title: 'February 2026', pages: ['Week 6', 'Week 7', 'Week 8'] }, 'Template'],
  }),
  space({
    title: 'Security Incidents',
    emoji: '🔒',
    visibility: 'private',
    defaultLevel: null,
    creator: 'Radia Perlman',
    ageDays: 75,
    topic: 'security incidents',
    pages: ['Register', 'Disclosure process'],
  }),
  space({
    title: 'Scratchpad',
    emoji: '',
    visibility: 'private',
    creator: 'Alan Turing',
    ageDays: 12,
    topic: 'drafts',
    pages: ['Ideas', 'Drafts'],
  }),
  space({
    title: 'Old Wiki',
    emoji: '🗑️',
    visibility: 'private',
    creator: 'Grace Hopper',
    ageDays: 390,
    topic: 'the old wiki',
    deletedDaysAgo: 2,
    pages: ['Home', 'Archive'],
  }),
];

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

/** Every space of a demo tree, depth first. */
export function demoSpaces(items: readonly DemoItem[] = DEMO_CONTENT): DemoSpace[] {
  return items.flatMap((item) => (item.kind === 'space' ? [item] : demoSpaces(item.children)));
}
