/** The app frame: sidebar, main pane with the sandbox-restart and unreachable banners, command palette, keyboard shortcut. */
import { Outlet } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { ErrorState } from './ErrorState.tsx';
import { CommandPalette } from './CommandPalette.tsx';
import { profileLabel, useActiveProfile } from './activeProfile.ts';
import { isPaletteShortcut } from './shortcut.ts';
import { SandboxRestartBanner } from './SandboxRestartBanner.tsx';
import { Sidebar } from './Sidebar.tsx';
import { UnreachableBanner } from './UnreachableBanner.tsx';

/** The root layout of every screen. */
export function Layout() {
  const [paletteOpen, setPaletteOpen] = useState(false);
  const { profileId, profile, profiles } = useActiveProfile();

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isPaletteShortcut(event)) return;
      event.preventDefault();
      setPaletteOpen((open) => !open);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const focusMain = () => document.getElementById('main')?.focus();

  return (
    <div className="app">
      <button type="button" className="skip-link" onClick={focusMain}>
        Skip to content
      </button>
      <Sidebar onOpenPalette={() => setPaletteOpen(true)} />
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
      <CommandPalette open={paletteOpen} onOpenChange={setPaletteOpen} />
    </div>
  );
}
