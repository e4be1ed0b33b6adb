/**
 * The sidebar: switchers for profile and organization, the search box, the screens, the palette and the theme.
 * Collapsed (narrow windows, Ctrl/Cmd+B), it is a rail of icons; the switchers and the search are one click away.
 */
import { Link } from '@tanstack/react-router';
import {
  Braces,
  Command,
  Contact,
  FileCog,
  FolderTree,
  GitPullRequest,
  ListChecks,
  Globe,
  KeyRound,
  Languages,
  LayoutDashboard,
  MailPlus,
  PanelLeftClose,
  PanelLeftOpen,
  PlugZap,
  ScrollText,
  Search,
  ShieldCheck,
  Settings,
  Sheet,
  Trash,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { SearchBox } from '../screens/search/SearchBox.tsx';
import { Button } from '../ui/Button.tsx';
import { useActiveProfile } from './activeProfile.ts';
import { OrgSwitcher } from './OrgSwitcher.tsx';
import { ProfileSwitcher } from './ProfileSwitcher.tsx';
import { paletteShortcut } from './shortcut.ts';
import { sidebarShortcut } from './sidebarState.ts';
import { ThemeMenu } from './ThemeMenu.tsx';

/** The screens of an organization besides its overview, in sidebar order. */
export const ORG_SCREENS = [
  { path: 'content', label: 'Content', keywords: ['spaces', 'collections', 'tree', 'move'] },
  { path: 'people', label: 'Members & teams', keywords: ['members', 'teams', 'people', 'roles'] },
  { path: 'invites', label: 'Invites', keywords: ['invite', 'links', 'email', 'csv'] },
  {
    path: 'directory',
    label: 'Directory sync',
    keywords: ['directory', 'okta', 'entra', 'azure', 'google workspace', 'groups', 'scim', 'csv'],
  },
  {
    path: 'change-requests',
    label: 'Change requests',
    keywords: ['change requests', 'review', 'merge', 'inbox', 'conflicts', 'pull requests'],
  },
  {
    path: 'merge-rules',
    label: 'Merge rules',
    keywords: ['merge rules', 'approvals', 'required reviewers', 'bypass', 'branch protection'],
  },
  { path: 'sites', label: 'Sites', keywords: ['sites', 'sections', 'publish', 'share links', 'adaptive'] },
  { path: 'trash', label: 'Trash', keywords: ['deleted', 'restore', 'spaces'] },
  {
    path: 'audit',
    label: 'Audit log',
    keywords: ['audit', 'log', 'history', 'events', 'who changed', 'activity', 'csv'],
  },
  {
    path: 'access',
    label: 'Inspect access',
    keywords: ['access', 'permissions', 'who can see', 'why not', 'access review', 'reasons', 'csv'],
  },
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
  {
    path: 'org-file',
    label: 'Organization file',
    keywords: ['organization file', 'yaml', 'export', 'plan', 'apply', 'drift', 'configuration', 'import'],
  },
  { path: 'settings', label: 'Settings', keywords: ['organization', 'settings', 'title', 'sso', 'domains'] },
] as const;

/** The icon of each screen, shown alone when the sidebar is a rail. */
const SCREEN_ICONS: Record<(typeof ORG_SCREENS)[number]['path'] | 'overview' | 'profiles', LucideIcon> = {
  overview: LayoutDashboard,
  content: FolderTree,
  people: Users,
  invites: MailPlus,
  directory: Contact,
  'change-requests': GitPullRequest,
  'merge-rules': ListChecks,
  sites: Globe,
  trash: Trash,
  audit: ScrollText,
  access: ShieldCheck,
  sso: KeyRound,
  'custom-fields': Sheet,
  openapi: Braces,
  translations: Languages,
  'org-file': FileCog,
  settings: Settings,
  profiles: PlugZap,
};

/** A link's icon and label: the label is visually hidden on the rail, where the link's title names it. */
function NavLabel({ path, label }: { path: keyof typeof SCREEN_ICONS; label: string }) {
  const Icon = SCREEN_ICONS[path];
  return (
    <>
      <Icon className="nav-icon" size={16} aria-hidden="true" />
      <span className="nav-text">{label}</span>
    </>
  );
}

/** Props of `Sidebar`. */
export interface SidebarProps {
  onOpenPalette: () => void;
  collapsed: boolean;
  onToggle: () => void;
  /** Expands the sidebar and puts the focus in the search box. */
  onSearch: () => void;
}

/** The app's sidebar. */
export function Sidebar({ onOpenPalette, collapsed, onToggle, onSearch }: SidebarProps) {
  const { profileId, orgId } = useActiveProfile();
  const ToggleIcon = collapsed ? PanelLeftOpen : PanelLeftClose;
  const toggleLabel = collapsed ? 'Expand the sidebar' : 'Collapse the sidebar';
  const title = (label: string) => (collapsed ? label : undefined);
  return (
    <aside
      className={collapsed ? 'sidebar is-collapsed' : 'sidebar'}
      data-testid="sidebar"
      data-collapsed={collapsed ? 'true' : 'false'}
      aria-label="Sidebar"
    >
      <div className="sidebar-brand">
        <span className="sidebar-logo" aria-hidden="true">
          D
        </span>
        <span className="sidebar-brand-name">Docs Admin</span>
        <button
          type="button"
          className="sidebar-toggle"
          onClick={onToggle}
          aria-label={toggleLabel}
          aria-expanded={!collapsed}
          aria-keyshortcuts="Control+B Meta+B"
          title={`${toggleLabel} (${sidebarShortcut})`}
          data-testid="sidebar-toggle"
        >
          <ToggleIcon size={16} aria-hidden="true" />
        </button>
      </div>
      {!collapsed && (
        <>
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
        </>
      )}
      {collapsed && profileId !== undefined && orgId !== undefined && (
        <button
          type="button"
          className="nav-link sidebar-rail-button"
          onClick={onSearch}
          title="Search pages"
          data-testid="sidebar-search"
        >
          <Search className="nav-icon" size={16} aria-hidden="true" />
          <span className="nav-text">Search pages</span>
        </button>
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
                title={title('Overview')}
              >
                <NavLabel path="overview" label="Overview" />
              </Link>
            ) : (
              <span className="nav-link nav-link-disabled" aria-disabled="true">
                <NavLabel path="overview" label="Overview" />
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
                  title={title(screen.label)}
                >
                  <NavLabel path={screen.path} label={screen.label} />
                </Link>
              ) : (
                <span className="nav-link nav-link-disabled" aria-disabled="true">
                  <NavLabel path={screen.path} label={screen.label} />
                </span>
              )}
            </li>
          ))}
          <li>
            <Link
              to="/profiles"
              className="nav-link"
              activeProps={{ 'aria-current': 'page' }}
              title={title('Profiles')}
            >
              <NavLabel path="profiles" label="Profiles" />
            </Link>
          </li>
        </ul>
      </nav>
      <div className="sidebar-footer">
        <Button
          variant="ghost"
          size="sm"
          onClick={onOpenPalette}
          className="palette-button"
          title={collapsed ? `Command palette (${paletteShortcut})` : undefined}
        >
          {collapsed ? (
            <>
              <Command size={16} aria-hidden="true" />
              <span className="visually-hidden">Command palette</span>
            </>
          ) : (
            <>
              <span>Command palette</span>
              <kbd>{paletteShortcut}</kbd>
            </>
          )}
        </Button>
        <ThemeMenu compact={collapsed} />
      </div>
    </aside>
  );
}
