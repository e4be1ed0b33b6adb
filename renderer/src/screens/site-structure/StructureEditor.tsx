/** The structure editor of a site: groups, sections and variants in one tree. */

/** Placeholder until the editor lands. */
export function StructureEditor(props: { profileId: string; orgId: string; siteId: string }) {
  return <p data-testid="structure-editor">{props.siteId}</p>;
}
