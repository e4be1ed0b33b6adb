/** The members table (being built). */

/** The virtualized members table of an organization. */
export function MembersTable(props: { profileId: string; orgId: string }) {
  return <div data-testid="members-table" data-org-id={props.orgId} />;
}
