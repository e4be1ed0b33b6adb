/** The demo's written pages (flagship pages; the others are composed, see compose.ts). */
// ---------------------------------------------------------------------------------------------------------------
// Written pages
// ---------------------------------------------------------------------------------------------------------------

export const WELCOME = `Welcome to **Acme Docs**, the home of everything we write down: product documentation, engineering
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

export const HOW_WE_WORK = `We write things down so that decisions outlive the meeting they were made in.

## Principles

1. **Write first.** A proposal starts as a page, not as a meeting invite.
2. **Link, don't copy.** When something is explained elsewhere, [link to it](page:how-we-work/writing-guidelines#links).
3. **Keep it current.** The owner of a space reviews it every quarter.

> Documentation is a love letter that you write to your future self. — Damian Conway
`;

export const WRITING_GUIDELINES = `Short, direct sentences. One idea per paragraph.

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

export const QUICKSTART = `Get from zero to a published space in about ten minutes.

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

export const INSTALLATION = `Acme runs on Linux, macOS and Windows. Pick the method that fits your environment.

| Method   | Command                          | Updates            |
| -------- | -------------------------------- | ------------------ |
| npm      | \`npm install -g @acme/cli\`       | \`npm update -g\`    |
| Homebrew | \`brew install acme\`              | \`brew upgrade\`     |
| Docker   | \`docker run acme/cli\`            | pull a new tag     |

See [system requirements](page:installation/system-requirements) before installing on a server.
`;

export const SYSTEM_REQUIREMENTS = `## Minimum

- 2 CPU cores, 4 GB of memory
- Node.js 22 or later: <https://nodejs.org/en/download>
- 1 GB of free disk space

## Recommended for teams

- 4 CPU cores, 8 GB of memory
- A PostgreSQL 16 database (see the [PostgreSQL documentation](https://www.postgresql.org/docs/16/))

Back to [installation](page:installation).
`;

export const CONFIGURATION = `Acme reads \`acme.config.json\` at the root of the project.

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

export const FIRST_SPACE = `A space holds one set of documentation: a product, a team handbook, an API.

1. Open the organization and choose **New space**.
2. Give it a title and an emoji.
3. Write the first page, or import Markdown files.

![The new space dialog](.gitbook/assets/screenshot.png)

When you are done, go back to the [quickstart](page:quickstart) or read about [installation](page:installation).
`;

export const INCIDENT_OVERVIEW = `An incident is any event that degrades the service for customers. Declare early: a false alarm costs
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

export const DECLARING = `Run the command in the incident channel:

\`\`\`text
/incident declare sev2 "Checkout requests time out"
\`\`\`

The bot creates a channel, pages the on-call engineer and opens a timeline.

> **Warning:** never fix first and declare afterwards. The timeline is what the review is written from.

Then follow the [communication plan](page:communication).
`;

export const COMMUNICATION = `Customers hear from us on the status page at <https://status.acme.test>.

## Templates

**Investigating**

> We are investigating reports of slow responses on the dashboard. Next update in 30 minutes.

**Resolved**

> The issue affecting the dashboard has been resolved. We will publish a review within five business days.

Back to the [overview](page:overview#severity-levels).
`;

export const API_AUTH = `Every request carries a bearer token:

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

export const API_ERRORS = `Errors share one shape:

\`\`\`json
{ "error": { "code": 404, "message": "no project with id \`p_123\`" } }
\`\`\`

- \`400\`: the message names the field that is wrong.
- \`401\`: the token is missing or unknown.
- \`404\`: the resource does not exist, or you may not see it.
- \`429\`: slow down; retry after the \`Retry-After\` header.

Pagination is covered in [pagination](page:pagination).
`;

export const API_PAGINATION = `Lists answer at most \`limit\` items and a cursor for the next page:

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

export const RELEASE_LATEST = `## 4.2.0

- **New:** link reports show broken links per space.
- **New:** spaces can be locked to prevent edits during a release.
- **Fixed:** moving a collection no longer reorders its siblings.

\`\`\`bash
acme self-update --channel stable
\`\`\`

The notes of the previous major version are in [version 3](broken-reference).
`;

export const HANDBOOK_MISSION = `> We help teams write down what they know, so that nobody has to ask twice.

Acme was founded in 2019 by people tired of answering the same questions in chat. We are a remote-first company of
about 120 people in 14 countries.

## Values

1. **Clarity over cleverness.**
2. **Ownership**: if you see a problem, you own it until someone else does.
3. **Kindness**: assume good intent, say thank you.

Read on: [how we communicate](page:how-we-communicate).
`;

export const ADMIN_AUDIT = `The audit log records every change to members, teams and permissions.

![The audit log screen](.gitbook/assets/audit-log.png)

Filter by actor, action or date. Export as CSV from **Settings → Audit log → Export**.

| Action           | Recorded data                 |
| ---------------- | ----------------------------- |
| \`member.added\`   | who, role, invited by         |
| \`member.removed\` | who, by whom                  |
| \`team.updated\`   | team, changed fields          |
`;
