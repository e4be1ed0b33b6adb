/** "Preview as visitor": claim values in, the sections and variants that visitor gets out. */

/** Placeholder until the preview lands. */
export function VisitorPreview(props: { profileId: string; orgId: string; siteId: string }) {
  return <p data-testid="visitor-preview">{props.siteId}</p>;
}
