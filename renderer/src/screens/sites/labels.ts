/** Words for sites shown in several places: visibility labels and their tooltips. */
import type { Site } from '../../../../shared/contract/resources/sites.ts';

const VISIBILITY: Record<Site['visibility'], string> = {
  public: 'Public',
  unlisted: 'Unlisted',
  'share-link': 'Share link',
  'visitor-auth': 'Visitor authentication',
};

const VISIBILITY_HINT: Record<Site['visibility'], string> = {
  public: 'Anyone can read it, and search engines index it.',
  unlisted: 'Anyone with the address can read it; search engines do not index it.',
  'share-link': 'Only visitors holding an active share link can read it.',
  'visitor-auth': 'Visitors sign in through your own authentication (a signed token).',
};

/** The label of a site's visibility. */
export function siteVisibilityLabel(visibility: Site['visibility']): string {
  return VISIBILITY[visibility];
}

/** What a visibility means for visitors. */
export function siteVisibilityHint(visibility: Site['visibility']): string {
  return VISIBILITY_HINT[visibility];
}
