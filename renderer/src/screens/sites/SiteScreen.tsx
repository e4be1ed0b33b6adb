/** Placeholder until the screen lands. */
export function SiteScreen(props: { profileId: string; orgId: string; siteId: string }) {
  return <p data-testid="placeholder">{JSON.stringify(props)}</p>;
}
