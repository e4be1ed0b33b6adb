/** The tab of the site screen opened last, remembered between sites and launches (a UI preference only). */

/** The tabs of the site screen, in order. */
export const SITE_TABS = ['structure', 'settings', 'share-links', 'adaptive', 'access', 'preview'] as const;

/** A tab of the site screen. */
export type SiteTab = (typeof SITE_TABS)[number];

const KEY = 'docs-admin.siteTab';

/** Whether a value names a tab. */
export function isSiteTab(value: unknown): value is SiteTab {
  return typeof value === 'string' && (SITE_TABS as readonly string[]).includes(value);
}

/** The remembered tab, or the structure. */
export function readSiteTab(): SiteTab {
  try {
    const stored = localStorage.getItem(KEY);
    return isSiteTab(stored) ? stored : 'structure';
  } catch {
    return 'structure';
  }
}

/** Remembers the tab opened. */
export function rememberSiteTab(tab: SiteTab): void {
  try {
    localStorage.setItem(KEY, tab);
  } catch {
    // Storage can be disabled: the tab is then remembered for this screen only.
  }
}
