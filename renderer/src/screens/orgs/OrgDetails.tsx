/** A few facts about an organization, for the overview. */
import type { Organization } from '../../../../shared/contract/resources/organizations.ts';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** The organization's id, creation date, hostname, e-mail domains and feature switches. */
export function OrgDetails({ org }: { org: Organization }) {
  const facts: [string, string][] = [
    ['ID', org.id],
    ['Created', dateFormat.format(new Date(org.createdAt))],
    ['Hostname', org.hostname ?? '—'],
    ['Email domains', org.emailDomains.length === 0 ? '—' : org.emailDomains.join(', ')],
    ['SSO', org.sso ? 'On' : 'Off'],
    ['Invite links', org.inviteLinks ? 'On' : 'Off'],
  ];
  return (
    <div className="section">
      <h2>Details</h2>
      <dl className="facts">
        {facts.map(([term, value]) => (
          <div key={term} className="fact">
            <dt>{term}</dt>
            <dd>{term === 'ID' ? <code>{value}</code> : value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
