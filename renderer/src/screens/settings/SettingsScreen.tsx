/** Organization settings (being built). */

/** The Organization settings screen of one organization. */
export function SettingsScreen(props: { profileId: string; orgId: string; teamId?: string }) {
  return (
    <section className="screen" data-testid="settings-screen" data-org-id={props.orgId}>
      <h1>Organization settings</h1>
    </section>
  );
}
