/**
 * The app frame: sidebar, main pane with the sandbox-restart and unreachable banners, command palette, keyboard
 * shortcuts. The frame is exactly the window: the document never scrolls, the main pane (or a screen's own panes)
 * does.
 */
import { Outlet } from '@tanstack/react-router';
import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { useIdle } from '../ui/later.ts';
import { ErrorState } from './ErrorState.tsx';
import { profileLabel, useActiveProfile } from './activeProfile.ts';
import { isSearchShortcut } from '../screens/search/shortcut.ts';
import { isPaletteShortcut } from './shortcut.ts';
import { SandboxRestartBanner } from './SandboxRestartBanner.tsx';
import { Sidebar } from './Sidebar.tsx';
import { useSidebarCollapsed } from './sidebarState.ts';
import { UnreachableBanner } from './UnreachableBanner.tsx';
import { UnsavedChangesGuard } from './UnsavedChangesGuard.tsx';

type Palette = ComponentType<{ open: boolean; onOpenChange: (open: boolean) => void }>;

/**
 * The palette (its fuzzy matcher and the lists it acts on) loads apart from the first screen: once the window is idle,
 * or at once when it is asked for first; answers it once loaded. Not `React.lazy`: its Suspense fallback, shown while
 * the chunk loads, would make React hold back the first screen's own reveal for 300 ms after it (its throttle).
 */
function usePalette(open: boolean): Palette | undefined {
  const [wanted, setWanted] = useState(false);
  const [palette, setPalette] = useState<{ component: Palette }>();
  const idle = useIdle(3_000);
  if (open && !wanted) setWanted(true);
  const load = wanted || idle || open;
  useEffect(() => {
    if (!load) return;
    let live = true;
    void import('./CommandPalette.tsx').then(
      (module) => {
        if (live) setPalette({ component: module.CommandPalette });
      },
      (error: unknown) => console.error(error),
    );
    return () => {
      live = false;
    };
  }, [load]);
  return palette?.component;
}

/** The root layout of every screen. */
export function Layout() {
  const [paletteOpen, setPaletteOpen] = useState(false);
  const CommandPalette = usePalette(paletteOpen);
  const { profileId, profile, profiles } = useActiveProfile();
  const sidebar = useSidebarCollapsed();
  const { collapsed, toggle } = sidebar;

  // The search box lives in the expanded sidebar: searching from the rail expands it first.
  const search = useCallback(() => {
    if (collapsed) toggle();
    requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-testid="search-input"]')?.focus());
  }, [collapsed, toggle]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (collapsed && isSearchShortcut(event)) {
        event.preventDefault();
        search();
        return;
      }
      if (!isPaletteShortcut(event)) return;
      event.preventDefault();
      setPaletteOpen((open) => !open);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [collapsed, search]);

  const focusMain = () => document.getElementById('main')?.focus();

  return (
    <div className={collapsed ? 'app has-rail' : 'app'}>
      <button type="button" className="skip-link" onClick={focusMain}>
        Skip to content
      </button>
      <Sidebar
        onOpenPalette={() => setPaletteOpen(true)}
        collapsed={collapsed}
        onToggle={toggle}
        onSearch={search}
      />
      <main className="main" id="main" tabIndex={-1}>
        {profiles.isError ? (
          <div className="main-banner">
            <ErrorState
              error={profiles.error}
              what="the profiles"
              profileName="the Docs Admin host"
              onRetry={() => void profiles.refetch()}
              standalone
            />
          </div>
        ) : (
          profileId !== undefined && (
            <>
              <SandboxRestartBanner localProfileId={profile?.kind === 'local' ? profileId : undefined} />
              <UnreachableBanner profileId={profileId} profileName={profileLabel(profile, profileId)} />
            </>
          )
        )}
        <div className="main-content">
          <Outlet />
        </div>
      </main>
      {CommandPalette !== undefined && <CommandPalette open={paletteOpen} onOpenChange={setPaletteOpen} />}
      <UnsavedChangesGuard />
    </div>
  );
}
