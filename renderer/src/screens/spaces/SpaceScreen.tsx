/** Placeholder until the screen lands. */
export function SpaceScreen(props: { profileId: string; orgId: string; spaceId?: string }) {
  return <p data-testid="placeholder">{JSON.stringify(props)}</p>;
}
