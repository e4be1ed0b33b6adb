/**
 * "Replace token" of a remote profile: paste the new token, test it against the profile's API (it stays in the field
 * for Save), save it to the keychain. The token lives only in the uncontrolled password input until saved.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import type { ConnectionTest, Profile } from '../../../../shared/bridge.ts';
import { errorMessage, errorStatus } from '../../bridge/errors.ts';
import { keys } from '../../queries/keys.ts';
import { setProfileToken, testConnection } from '../../queries/profiles.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog, DialogClose } from '../../ui/Dialog.tsx';
import { Banner } from '../../ui/Feedback.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toast } from '../../ui/Toast.tsx';
import { TestResult } from './TestResult.tsx';

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
  const [result, setResult] = useState<ConnectionTest | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState<'test' | 'save' | undefined>();
  const token = () => tokenRef.current?.value.trim() ?? '';
  const close = (next: boolean) => {
    if (!next) {
      setResult(undefined);
      setProblem(undefined);
    }
    onOpenChange(next);
  };

  const onTest = async () => {
    if (token() === '') return setProblem('Paste the new token first.');
    setProblem(undefined);
    setBusy('test');
    try {
      setResult(await testConnection({ baseUrl: profile.baseUrl, token: token() }));
    } catch (error) {
      setResult({ ok: false, status: errorStatus(error) ?? 0, message: errorMessage(error) });
    } finally {
      setBusy(undefined);
    }
  };

  const onSave = async (event: FormEvent) => {
    event.preventDefault();
    if (token() === '') return setProblem('Paste the new token first.');
    setProblem(undefined);
    setBusy('save');
    try {
      await setProfileToken({ id: profile.id, token: token() });
      if (tokenRef.current !== null) tokenRef.current.value = '';
      // Another token may act as someone else: everything fetched with the old one is fetched again.
      await queryClient.invalidateQueries({ queryKey: keys.profile(profile.id) });
      toast({ tone: 'success', title: `Token of “${profile.name}” replaced` });
      close(false);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={`Replace the token of “${profile.name}”`}
      description={`The new token goes to the OS keychain in place of the old one, for ${profile.baseUrl}.`}
      data-testid="replace-token-dialog"
    >
      <form className="form" onSubmit={(event) => void onSave(event)} noValidate>
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
            onClick={() => void onTest()}
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
