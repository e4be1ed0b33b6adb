/** One profile in the list, with rename, test and remove (each also in the row's context menu). */
import { useState } from 'react';
import type { Profile } from '../../../../shared/bridge.ts';
import { errorMessage } from '../../bridge/errors.ts';
import { testConnection, useRemoveProfile } from '../../queries/profiles.ts';
import { forgetProfile } from '../../theme/prefs.ts';
import { Button } from '../../ui/Button.tsx';
import {
  ContextMenu,
  ContextMenuContent,
  ContextMenuItem,
  ContextMenuTrigger,
} from '../../ui/ContextMenu.tsx';
import { ConfirmDialog } from '../../ui/Dialog.tsx';
import { Badge } from '../../ui/Feedback.tsx';
import { toast } from '../../ui/Toast.tsx';
import { RenameDialog } from './RenameDialog.tsx';

/** A row of the profiles list. */
export function ProfileRow({ profile }: { profile: Profile }) {
  const [renaming, setRenaming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [testing, setTesting] = useState(false);
  const remove = useRemoveProfile();
  const removable = profile.kind !== 'local';

  const onTest = async () => {
    setTesting(true);
    try {
      const result = await testConnection({ profileId: profile.id });
      toast({
        title: result.ok ? `${profile.name}: connection works` : `${profile.name}: connection failed`,
        description: `${result.status === 0 ? 'Not reached' : `HTTP ${result.status}`} · ${result.message}`,
        tone: result.ok ? 'success' : 'error',
      });
    } catch (error) {
      toast({ title: `${profile.name}: test failed`, description: errorMessage(error), tone: 'error' });
    } finally {
      setTesting(false);
    }
  };

  const onRemove = () => {
    remove.mutate(
      { id: profile.id },
      {
        onSuccess: () => {
          forgetProfile(profile.id);
          setRemoving(false);
          toast({ title: `Profile “${profile.name}” removed`, tone: 'success' });
        },
        onError: (error) => {
          setRemoving(false);
          toast({
            title: `“${profile.name}” was not removed`,
            description: errorMessage(error),
            tone: 'error',
          });
        },
      },
    );
  };

  return (
    <li data-testid="profile-row" data-profile-id={profile.id}>
      <ContextMenu>
        <ContextMenuTrigger asChild>
          <div className="profile-row">
            <div className="profile-row-main">
              <p className="profile-row-name">
                <span>{profile.name}</span>
                <Badge tone={profile.kind === 'local' ? 'accent' : 'neutral'}>
                  {profile.kind === 'local' ? 'Local sandbox' : 'Remote'}
                </Badge>
                {profile.sessionOnly === true && <Badge tone="warning">Session only</Badge>}
              </p>
              <p className="profile-row-url">
                <code>{profile.baseUrl}</code>
              </p>
            </div>
            <div className="profile-row-actions">
              <Button
                size="sm"
                variant="ghost"
                onClick={() => void onTest()}
                pending={testing}
                aria-label={`Test ${profile.name}`}
              >
                Test
              </Button>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => setRenaming(true)}
                aria-label={`Rename ${profile.name}`}
              >
                Rename
              </Button>
              {removable && (
                <Button
                  size="sm"
                  variant="ghost"
                  className="btn-ghost-danger"
                  onClick={() => setRemoving(true)}
                  aria-label={`Remove ${profile.name}`}
                  data-testid="remove-profile"
                >
                  Remove
                </Button>
              )}
            </div>
          </div>
        </ContextMenuTrigger>
        <ContextMenuContent>
          <ContextMenuItem onSelect={() => void onTest()}>Test connection</ContextMenuItem>
          <ContextMenuItem onSelect={() => setRenaming(true)}>Rename…</ContextMenuItem>
          {removable && <ContextMenuItem onSelect={() => setRemoving(true)}>Remove…</ContextMenuItem>}
        </ContextMenuContent>
      </ContextMenu>
      {renaming && <RenameDialog profile={profile} open onOpenChange={setRenaming} />}
      <ConfirmDialog
        open={removing}
        onOpenChange={setRemoving}
        title={`Remove the profile “${profile.name}”?`}
        description={
          <>
            The profile for <code>{profile.baseUrl}</code> leaves this app, and its token is deleted from the
            OS keychain
            {profile.sessionOnly === true ? ' (this session’s memory)' : ''}. Nothing changes on the server;
            to connect again you will need the token.
          </>
        }
        confirmLabel="Remove profile and token"
        onConfirm={onRemove}
        pending={remove.isPending}
      />
    </li>
  );
}
