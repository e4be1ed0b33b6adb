/** The sidebar: switchers for profile and organization, the search box, the screens, the palette and the theme. */
import { Link } from '@tanstack/react-router';
import { SearchBox } from '../screens/search/SearchBox.tsx';
import { Button } from '../ui/Button.tsx';
import { useActiveProfile } from './activeProfile.ts';
import { OrgSwitcher } from './OrgSwitcher.tsx';
import { ProfileSwitcher } from './ProfileSwitcher.tsx';
import { paletteShortcut } from './shortcut.ts';
import { ThemeMenu } from './ThemeMenu.tsx';

/** The screens of an organization besides its overview, in sidebar order. */
export const ORG_SCREENS = [
  { path: 'content', label: 'Content', keywords: ['spaces', 'collections', 'tree', 'move'] },
  { path: 'people', label: 'Members & teams', keywords: ['members', 'teams', 'people', 'roles'] },
  { path: 'invites', label: 'Invites', keywords: ['invite', 'links', 'email', 'csv'] },
  {
    path: 'change-requests',
    label: 'Change requests',
    keywords: ['change requests', 'review', 'merge', 'inbox', 'conflicts', 'pull requests'],
  },
  { path: 'sites', label: 'Sites', keywords: ['sites', 'sections', 'publish', 'share links', 'adaptive'] },
  { path: 'trash', label: 'Trash', keywords: ['deleted', 'restore', 'spaces'] },
  {
    path: 'sso',
    label: 'Single sign-on',
    keywords: ['saml', 'sso', 'single sign-on', 'identity provider', 'certificate'],
  },
  {
    path: 'custom-fields',
    label: 'Custom fields',
    keywords: ['custom fields', 'metadata', 'grid', 'values'],
  },
  { path: 'openapi', label: 'OpenAPI specs', keywords: ['openapi', 'swagger', 'api', 'specs', 'versions'] },
  { path: 'translations', label: 'Translations', keywords: ['translations', 'languages', 'locales'] },
  { path: 'settings', label: 'Settings', keywords: ['organization', 'settings', 'title', 'sso', 'domains'] },
] as const;

/** The app's sidebar. */
export function Sidebar({ onOpenPalette }: { onOpenPalette: () => void }) {
  const { profileId, orgId } = useActiveProfile();
  return (
    <aside className="sidebar" data-testid="sidebar" aria-label="Sidebar">
      <div className="sidebar-brand">
        <span className="sidebar-logo" aria-hidden="true">
          D
        </span>
        Docs Admin
      </div>
      <div className="sidebar-group">
        <span className="sidebar-label">Profile</span>
        <ProfileSwitcher />
      </div>
      <div className="sidebar-group">
        <span className="sidebar-label">Organization</span>
        <OrgSwitcher />
      </div>
      {profileId !== undefined && orgId !== undefined && (
        <SearchBox key={`${profileId}/${orgId}`} profileId={profileId} orgId={orgId} />
      )}
      <nav aria-label="Screens" className="sidebar-nav">
        <ul>
          <li>
            {profileId !== undefined && orgId !== undefined ? (
              <Link
                to="/p/$profileId/orgs/$orgId"
                params={{ profileId, orgId }}
                className="nav-link"
                activeOptions={{ exact: true }}
                activeProps={{ 'aria-current': 'page' }}
              >
                Overview
              </Link>
            ) : (
              <span className="nav-link nav-link-disabled" aria-disabled="true">
                Overview
              </span>
            )}
          </li>
          {ORG_SCREENS.map((screen) => (
            <li key={screen.path}>
              {profileId !== undefined && orgId !== undefined ? (
                <Link
                  to={`/p/$profileId/orgs/$orgId/${screen.path}`}
                  params={{ profileId, orgId }}
                  className="nav-link"
                  activeProps={{ 'aria-current': 'page' }}
                  data-testid={`nav-${screen.path}`}
                >
                  {screen.label}
                </Link>
              ) : (
                <span className="nav-link nav-link-disabled" aria-disabled="true">
                  {screen.label}
                </span>
              )}
            </li>
          ))}
          <li>
            <Link to="/profiles" className="nav-link" activeProps={{ 'aria-current': 'page' }}>
              Profiles
            </Link>
          </li>
        </ul>
      </nav>
      <div className="sidebar-footer">
        <Button variant="ghost" size="sm" onClick={onOpenPalette} className="palette-button">
          <span>Command palette</span>
          <kbd>{paletteShortcut}</kbd>
        </Button>
        <ThemeMenu />
      </div>
    </aside>
  );
}
