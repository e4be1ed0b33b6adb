/** One profile in the list (the active one marked), with test, rename, replace token and remove (also in a context menu). */
import { useMutation } from '@tanstack/react-query';
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
import { ReplaceTokenDialog } from './ReplaceTokenDialog.tsx';
import { resultTitle } from './TestResult.tsx';

/** A row of the profiles list. */
export function ProfileRow({ profile, active }: { profile: Profile; active: boolean }) {
  const [renaming, setRenaming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [replacing, setReplacing] = useState(false);
  const remove = useRemoveProfile();
  const removable = profile.kind !== 'local';
  const test = useMutation({
    mutationFn: () => testConnection({ profileId: profile.id }),
    onSuccess: (result) =>
      toast({
        title: `${profile.name}: ${resultTitle(result)}`,
        description: [result.message, result.detail].filter((part) => part !== undefined).join(' '),
        tone: result.ok ? 'success' : 'error',
      }),
    onError: (error) =>
      toast({ title: `${profile.name}: test failed`, description: errorMessage(error), tone: 'error' }),
  });
  const onTest = () => test.mutate();
  const testing = test.isPending;

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
    <li
      data-testid="profile-row"
      data-profile-id={profile.id}
      data-active={active ? 'true' : 'false'}
      aria-current={active ? 'true' : undefined}
    >
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
                {active && (
                  <Badge tone="accent" data-testid="profile-active">
                    In use
                  </Badge>
                )}
              </p>
              <p className="profile-row-url">
                <code>{profile.baseUrl}</code>
              </p>
            </div>
            <div className="profile-row-actions">
              <Button
                size="sm"
                variant="ghost"
                onClick={onTest}
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
                  onClick={() => setReplacing(true)}
                  aria-label={`Replace token of ${profile.name}`}
                  data-testid="replace-token"
                >
                  Replace token
                </Button>
              )}
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
          <ContextMenuItem onSelect={onTest}>Test connection</ContextMenuItem>
          <ContextMenuItem onSelect={() => setRenaming(true)}>Rename…</ContextMenuItem>
          {removable && <ContextMenuItem onSelect={() => setReplacing(true)}>Replace token…</ContextMenuItem>}
          {removable && <ContextMenuItem onSelect={() => setRemoving(true)}>Remove…</ContextMenuItem>}
        </ContextMenuContent>
      </ContextMenu>
      {renaming && <RenameDialog profile={profile} open onOpenChange={setRenaming} />}
      {removable && <ReplaceTokenDialog profile={profile} open={replacing} onOpenChange={setReplacing} />}
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
