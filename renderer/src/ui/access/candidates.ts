/** The people and teams an Access tab offers to give a role to, and how its messages name them. */
import type { GranteeRef } from '../../queries/permissions.ts';

/** Someone to give a role to, with the name the messages use. */
export interface NamedGrantee extends GranteeRef {
  name: string;
}

/** Someone the picker and the side list offer. */
export interface Candidate extends NamedGrantee {
  /** An email, or a team's member count. */
  detail: string;
}

/** The candidates whose name or detail holds the query (case-insensitive), at most `limit`. */
export function matchCandidates(candidates: readonly Candidate[], query: string, limit = 8): Candidate[] {
  const text = query.trim().toLowerCase();
  if (text === '') return [];
  const out: Candidate[] = [];
  for (const candidate of candidates) {
    if (candidate.name.toLowerCase().includes(text) || candidate.detail.toLowerCase().includes(text))
      out.push(candidate);
    if (out.length === limit) break;
  }
  return out;
}

/** One grantee in a sentence: `team “Writers”`, or a person's name. */
export function granteeName(grantee: NamedGrantee): string {
  if (grantee.type === 'team') return `team “${grantee.name}”`;
  return grantee.name === '' ? 'this person' : grantee.name;
}

/** Names a list of grantees in a sentence: "Ada, Grace and team “Writers”". */
export function granteesPhrase(grantees: readonly NamedGrantee[]): string {
  const names = grantees.map(granteeName);
  if (names.length <= 1) return names[0] ?? 'nobody';
  if (names.length > 3) return `${names.slice(0, 2).join(', ')} and ${names.length - 2} more`;
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
