/**
 * "Replace token" of a remote profile: paste the new token, test it against the profile's API (it stays in the field
 * for Save), save it to the keychain. The token lives only in the uncontrolled password input until saved.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import type { Profile } from '../../../../shared/bridge.ts';
import { errorMessage } from '../../bridge/errors.ts';
import { keys } from '../../queries/keys.ts';
import { setProfileToken } from '../../queries/profiles.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog, DialogClose } from '../../ui/Dialog.tsx';
import { Banner } from '../../ui/Feedback.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toast } from '../../ui/Toast.tsx';
import { TestResult } from './TestResult.tsx';
import { useTokenTest } from './useTokenTest.ts';

/** The dialog; open while `open`. */
export function ReplaceTokenDialog({
  profile,
  open,
  onOpenChange,
}: {
  profile: Profile;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const tokenRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const token = () => tokenRef.current?.value.trim() ?? '';
  const test = useTokenTest(token);
  const close = (next: boolean) => {
    if (!next) {
      test.reset();
      setProblem(undefined);
    }
    onOpenChange(next);
  };

  // The token is read at the moment of the call, never a variable of the mutation (the mutation cache keeps those).
  const save = useMutation({
    mutationFn: () => setProfileToken({ id: profile.id, token: token() }),
    onSuccess: async () => {
      if (tokenRef.current !== null) tokenRef.current.value = '';
      // Another token may act as someone else: everything fetched with the old one is fetched again.
      await queryClient.invalidateQueries({ queryKey: keys.profile(profile.id) });
      toast({ tone: 'success', title: `Token of “${profile.name}” replaced` });
      close(false);
    },
    onError: (error) => setProblem(errorMessage(error)),
  });
  const result = test.data;
  const busy = test.isPending ? 'test' : save.isPending ? 'save' : undefined;
  const onTest = () => {
    if (token() === '') return setProblem('Paste the new token first.');
    setProblem(undefined);
    test.mutate(profile.baseUrl);
  };

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    if (token() === '') return setProblem('Paste the new token first.');
    setProblem(undefined);
    save.mutate();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={`Replace the token of “${profile.name}”`}
      description={`The new token goes to the OS keychain in place of the old one, for ${profile.baseUrl}.`}
      data-testid="replace-token-dialog"
    >
      <form className="form" onSubmit={onSave} noValidate>
        <TextField
          ref={tokenRef}
          label="New token"
          type="password"
          defaultValue=""
          error={problem}
          autoComplete="off"
          spellCheck={false}
          autoFocus
          data-testid="replace-token-input"
        />
        <TestResult result={result} />
        {result !== undefined && !result.ok && (
          <Banner tone="warning" title="You can still save it">
            The test failed; saving keeps the profile pointing at this token anyway.
          </Banner>
        )}
        <div className="dialog-actions">
          <DialogClose>
            <Button>Cancel</Button>
          </DialogClose>
          <Button
            onClick={onTest}
            pending={busy === 'test'}
            disabled={busy !== undefined}
            data-testid="replace-token-test"
          >
            Test
          </Button>
          <Button
            type="submit"
            variant="primary"
            pending={busy === 'save'}
            disabled={busy !== undefined}
            data-testid="replace-token-save"
          >
            Save token
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
