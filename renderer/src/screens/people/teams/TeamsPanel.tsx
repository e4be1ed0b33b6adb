/** The teams panel (being built). */

/** The teams of an organization, as drop targets beside the members table. */
export function TeamsPanel(props: { profileId: string; orgId: string }) {
  return <aside data-testid="teams-panel" data-org-id={props.orgId} />;
}
