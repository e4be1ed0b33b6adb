/**
 * The "add a profile" form. The token lives only in its uncontrolled password input: it is read at the moment of a
 * test or a save and handed to the bridge. A test leaves it in the field, so that Save needs no second paste; a
 * save that went through clears it and switches to the new profile.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useRef, useState, type FormEvent } from 'react';
import type { ConnectionTest, VaultStatus } from '../../../../shared/bridge.ts';
import { errorMessage, errorStatus } from '../../bridge/errors.ts';
import { addProfile, testConnection } from '../../queries/profiles.ts';
import { Button } from '../../ui/Button.tsx';
import { Banner } from '../../ui/Feedback.tsx';
import { CheckboxField, TextField } from '../../ui/TextField.tsx';
import { toast } from '../../ui/Toast.tsx';
import { TestResult } from './TestResult.tsx';
import {
  validateConnection,
  validateNewProfile,
  type FieldErrors,
  type NewProfileField,
} from './validation.ts';

type Busy = 'test' | 'save' | undefined;

/** Ends a message with a full stop when it has no closing punctuation. */
function sentence(text: string): string {
  return /[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`;
}

/** The form that adds a remote profile. */
export function AddProfileForm({ vault }: { vault: VaultStatus | undefined }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const nameRef = useRef<HTMLInputElement>(null);
  const baseUrlRef = useRef<HTMLInputElement>(null);
  const tokenRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  const [sessionOnly, setSessionOnly] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<NewProfileField | 'sessionOnly'>>({});
  const [result, setResult] = useState<ConnectionTest | undefined>();
  const [saveError, setSaveError] = useState<string | undefined>();
  const [busy, setBusy] = useState<Busy>();
  const vaultMissing = vault !== undefined && !vault.available;

  /** Reads the token for one call; the caller keeps the string only for that call. */
  const readToken = (): string => tokenRef.current?.value ?? '';
  /** Empties the token field (once the keychain holds the token). */
  const clearToken = () => {
    if (tokenRef.current !== null) tokenRef.current.value = '';
  };

  /** Shows the errors and moves the focus to the first invalid field; answers whether the form may go on. */
  const check = (found: FieldErrors<NewProfileField | 'sessionOnly'>): boolean => {
    setErrors(found);
    const first = (['name', 'baseUrl', 'token'] as const).find((field) => found[field] !== undefined);
    if (first !== undefined)
      ({ name: nameRef, baseUrl: baseUrlRef, token: tokenRef })[first].current?.focus();
    return Object.keys(found).length === 0;
  };

  const onTest = async () => {
    const url = baseUrl.trim();
    if (!check(validateConnection({ baseUrl: url, token: tokenRef.current?.value ?? '' }))) return;
    setBusy('test');
    setResult(undefined);
    try {
      setResult(await testConnection({ baseUrl: url, token: readToken() }));
    } catch (error) {
      setResult({ ok: false, status: errorStatus(error) ?? 0, message: errorMessage(error) });
    } finally {
      setBusy(undefined);
    }
  };

  const onSave = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = { name: name.trim(), baseUrl: baseUrl.trim() };
    const found: FieldErrors<NewProfileField | 'sessionOnly'> = validateNewProfile({
      ...fields,
      token: tokenRef.current?.value ?? '',
    });
    if (vaultMissing && !sessionOnly) {
      found.sessionOnly =
        'The keychain is not available: tick this box to keep the token for this session only.';
    }
    if (!check(found)) return;
    setBusy('save');
    setSaveError(undefined);
    try {
      const profile = await addProfile(queryClient, {
        ...fields,
        token: readToken(),
        ...(vaultMissing ? { sessionOnly: true } : {}),
      });
      clearToken();
      toast({ title: `Profile “${profile.name}” added: you are using it now`, tone: 'success' });
      setName('');
      setBaseUrl('');
      setResult(undefined);
      setErrors({});
      await navigate({ to: '/p/$profileId', params: { profileId: profile.id } });
    } catch (error) {
      // The token stays in its field: fix what the message says and save again.
      setSaveError(errorMessage(error));
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <form
      className="card form"
      data-testid="add-profile-form"
      aria-labelledby="add-profile-title"
      noValidate
      onSubmit={(event) => void onSave(event)}
    >
      <h2 id="add-profile-title">Add a profile</h2>
      <p className="muted">Connect to GitBook or to another server that speaks the same API.</p>
      <TextField
        ref={nameRef}
        label="Name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={errors.name}
        hint="What to call this connection, e.g. “Acme production”."
        maxLength={64}
        autoComplete="off"
        data-testid="profile-name"
      />
      <TextField
        ref={baseUrlRef}
        label="Base URL"
        type="url"
        value={baseUrl}
        onChange={(event) => setBaseUrl(event.target.value)}
        error={errors.baseUrl}
        hint="The API's root, e.g. https://api.gitbook.com"
        placeholder="https://api.gitbook.com"
        inputMode="url"
        spellCheck={false}
        autoComplete="off"
        data-testid="profile-base-url"
      />
      <TextField
        ref={tokenRef}
        label="Token"
        type="password"
        defaultValue=""
        error={errors.token}
        hint={
          vaultMissing
            ? 'Kept in the app’s memory once saved, never in a file; the field is emptied then.'
            : 'Kept in the OS keychain once saved; it never comes back to this window, and the field is emptied then.'
        }
        autoComplete="off"
        spellCheck={false}
        data-testid="profile-token"
      />
      {vaultMissing && (
        <Banner tone="warning" title="The OS keychain is not available">
          <p>
            {sentence(vault.message ?? 'No keychain answered')} Docs Admin never writes a token to a file.
          </p>
          <CheckboxField
            label="Keep the token for this session only"
            hint={
              errors.sessionOnly ?? 'The token stays in the app’s memory and is forgotten when the app quits.'
            }
            checked={sessionOnly}
            onChange={(event) => setSessionOnly(event.target.checked)}
            aria-invalid={errors.sessionOnly !== undefined || undefined}
          />
        </Banner>
      )}
      <TestResult result={result} />
      {saveError !== undefined && (
        <Banner tone="error" title="The profile was not saved">
          {saveError}
        </Banner>
      )}
      <div className="form-actions">
        <Button
          onClick={() => void onTest()}
          pending={busy === 'test'}
          disabled={busy !== undefined}
          data-testid="test-connection"
        >
          Test connection
        </Button>
        <Button
          type="submit"
          variant="primary"
          pending={busy === 'save'}
          disabled={busy !== undefined}
          data-testid="save-profile"
        >
          Save profile
        </Button>
      </div>
    </form>
  );
}
