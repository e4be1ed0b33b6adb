/** The inbox: change requests across the organization's spaces, filtered by status. */
export function InboxScreen({ profileId, orgId }: { profileId: string; orgId: string }) {
  return <p data-testid="inbox-screen">{`${profileId} ${orgId}`}</p>;
}
