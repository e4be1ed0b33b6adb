/**
 * The "add a profile" form (its state and calls: `useAddProfile.ts`). The token lives only in its uncontrolled
 * password input, read at the moment of a test or a save.
 */
import type { VaultStatus } from '../../../../shared/bridge.ts';
import { Button } from '../../ui/Button.tsx';
import { Banner } from '../../ui/Feedback.tsx';
import { CheckboxField, TextField } from '../../ui/TextField.tsx';
import { TestResult } from './TestResult.tsx';
import { useAddProfile } from './useAddProfile.ts';

/** Ends a message with a full stop when it has no closing punctuation. */
function sentence(text: string): string {
  return /[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`;
}

/** The form that adds a remote profile. */
export function AddProfileForm({ vault }: { vault: VaultStatus | undefined }) {
  const form = useAddProfile(vault);
  const { errors, busy, vaultMissing } = form;

  return (
    <form
      className="card form"
      data-testid="add-profile-form"
      aria-labelledby="add-profile-title"
      noValidate
      onSubmit={form.onSave}
    >
      <h2 id="add-profile-title">Add a profile</h2>
      <p className="muted">Connect to GitBook or to another server that speaks the same API.</p>
      <TextField
        ref={form.refs.name}
        label="Name"
        value={form.name}
        onChange={(event) => form.setName(event.target.value)}
        error={errors.name}
        hint="What to call this connection, e.g. “Acme production”."
        maxLength={64}
        autoComplete="off"
        data-testid="profile-name"
      />
      <TextField
        ref={form.refs.baseUrl}
        label="Base URL"
        type="url"
        value={form.baseUrl}
        onChange={(event) => form.setBaseUrl(event.target.value)}
        error={errors.baseUrl}
        hint="The API's root, e.g. https://api.gitbook.com"
        placeholder="https://api.gitbook.com"
        inputMode="url"
        spellCheck={false}
        autoComplete="off"
        data-testid="profile-base-url"
      />
      <TextField
        ref={form.refs.token}
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
            {sentence(vault?.message ?? 'No keychain answered')} Docs Admin never writes a token to a file.
          </p>
          <CheckboxField
            label="Keep the token for this session only"
            hint={
              errors.sessionOnly ?? 'The token stays in the app’s memory and is forgotten when the app quits.'
            }
            checked={form.sessionOnly}
            onChange={(event) => form.setSessionOnly(event.target.checked)}
            aria-invalid={errors.sessionOnly !== undefined || undefined}
          />
        </Banner>
      )}
      <TestResult result={form.result} />
      {form.saveError !== undefined && (
        <Banner tone="error" title="The profile was not saved">
          {form.saveError}
        </Banner>
      )}
      <div className="form-actions">
        <Button
          onClick={form.onTest}
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
