/** Team (being built). */

/** The Team screen of one organization. */
export function TeamScreen(props: { profileId: string; orgId: string; teamId?: string }) {
  return (
    <section className="screen" data-testid="team-screen" data-org-id={props.orgId}>
      <h1>Team</h1>
    </section>
  );
}
