/** Placeholder until the screen lands. */
export function SitesScreen(props: { profileId: string; orgId: string }) {
  return <p data-testid="placeholder">{JSON.stringify(props)}</p>;
}
