/**
 * The site screen with its structure editor and visitor preview, composed here so that no screen folder imports
 * another: those tabs belong to site-structure/, the screen to sites/. The route loads this module lazily, as it
 * loaded the screen itself.
 */
import { StructureEditor } from '../screens/site-structure/StructureEditor.tsx';
import { VisitorPreview } from '../screens/site-structure/VisitorPreview.tsx';
import { SiteScreen } from '../screens/sites/SiteScreen.tsx';

/** The site screen with its structure editor and visitor preview. */
export function SiteWithStructure(props: { profileId: string; orgId: string; siteId: string }) {
  return (
    <SiteScreen
      {...props}
      structure={<StructureEditor {...props} />}
      preview={<VisitorPreview {...props} />}
    />
  );
}
