/** Invites (being built). */

/** The Invites screen of one organization. */
export function InvitesScreen(props: { profileId: string; orgId: string; teamId?: string }) {
  return (
    <section className="screen" data-testid="invites-screen" data-org-id={props.orgId}>
      <h1>Invites</h1>
    </section>
  );
}
