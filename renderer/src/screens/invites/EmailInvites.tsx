/** Email invites: paste addresses or import a CSV, send in batches of 10, and see a report per address. */
import { useMemo, useState, type FormEvent } from 'react';
import { RateLimitWait } from '../../ui/ApiNotes.tsx';
import { Button } from '../../ui/Button.tsx';
import { CheckboxField } from '../../ui/TextField.tsx';
import { mergeEntries, splitAddresses, type InviteEntry } from './addresses.ts';
import { CsvPicker, type CsvChoice } from './CsvPicker.tsx';
import { EmailInviteReport } from './EmailInviteReport.tsx';
import { RoleSelect } from '../../ui/RoleSelect.tsx';
import { retryFailed, startReport, whereFrom, type ReportRow } from './report.ts';
import { useSendInvites } from './useSendInvites.ts';
import type { RoleValue } from '../../ui/roles.ts';

const MAX_LISTED = 20;

/** The email invites section of one organization. */
export function EmailInvites({ profileId, orgId }: { profileId: string; orgId: string }) {
  const [text, setText] = useState('');
  const [csv, setCsv] = useState<CsvChoice | undefined>();
  const [role, setRole] = useState<RoleValue | ''>('');
  const [sso, setSso] = useState(false);
  const [formError, setFormError] = useState<string | undefined>();
  const parsed = useMemo(
    () => mergeEntries(splitAddresses(text), csv?.parsed ?? { entries: [], invalid: [] }),
    [text, csv],
  );

  const { rows, send: sendNow, sending } = useSendInvites(profileId, orgId);
  const send = (entries: InviteEntry[], start: ReportRow[]) =>
    sendNow(entries, start, { role: role === '' ? undefined : role, sso });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (parsed.entries.length === 0) {
      setFormError(
        parsed.invalid.length > 0
          ? 'None of the addresses is valid.'
          : 'Paste addresses or choose a CSV file.',
      );
      return;
    }
    setFormError(undefined);
    const counts = await send(parsed.entries, startReport(parsed));
    // Everything went through: the input has served. Otherwise it stays, to fix and send again.
    if (counts.failed === 0 && counts.invalid === 0) {
      setText('');
      setCsv(undefined);
    }
  };

  const onRetry = () => {
    if (rows === undefined) return;
    const again = retryFailed(rows);
    const entries = rows.flatMap((row) => (row.status === 'failed' && row.entry ? [row.entry] : []));
    void send(entries, again);
  };

  return (
    <div className="section" aria-labelledby="email-invites-title">
      <h2 id="email-invites-title">Invite by email</h2>
      <form
        className="form form-wide"
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        data-testid="email-invites"
      >
        <div className="field">
          <label className="field-label" htmlFor="email-invites-text">
            Email addresses
          </label>
          <textarea
            id="email-invites-text"
            className="input textarea"
            rows={5}
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={'jane@example.com, bob@example.com\nali@example.com'}
            spellCheck={false}
            aria-invalid={formError !== undefined || undefined}
            aria-describedby="email-invites-summary"
            data-testid="email-invites-text"
          />
          <p id="email-invites-summary" className="field-hint" aria-live="polite">
            Separate with commas, spaces or new lines. {parsed.entries.length} to send
            {parsed.duplicates > 0 ? `, ${parsed.duplicates} duplicates skipped` : ''}
            {parsed.invalid.length > 0 ? `, ${parsed.invalid.length} invalid` : ''}.
          </p>
          {parsed.invalid.length > 0 && (
            <ul className="invalid-list" aria-label="Invalid entries" data-testid="email-invites-invalid">
              {parsed.invalid.slice(0, MAX_LISTED).map((item, index) => (
                <li key={index}>
                  {whereFrom(item)}: “{item.text}” — {item.reason}
                </li>
              ))}
              {parsed.invalid.length > MAX_LISTED && <li>…and {parsed.invalid.length - MAX_LISTED} more</li>}
            </ul>
          )}
          {formError !== undefined && <p className="field-error">{formError}</p>}
        </div>
        <CsvPicker choice={csv} onChoice={setCsv} disabled={sending} />
        <div className="field">
          <label className="field-label" htmlFor="email-invites-role">
            Role
          </label>
          <RoleSelect
            id="email-invites-role"
            value={role}
            onRoleChange={setRole}
            emptyLabel="Organization default"
            onEmpty={() => setRole('')}
            aria-describedby="email-invites-role-hint"
            data-testid="email-invites-role"
          />
          <p id="email-invites-role-hint" className="field-hint">
            For addresses without a role of their own in the CSV.
          </p>
        </div>
        <CheckboxField
          label="Invite as SSO members"
          hint="They sign in through the organization’s identity provider."
          checked={sso}
          onChange={(event) => setSso(event.target.checked)}
          data-testid="email-invites-sso"
        />
        <div className="form-actions">
          <Button type="submit" variant="primary" pending={sending} data-testid="email-invites-submit">
            Send invites
          </Button>
          <RateLimitWait profileId={profileId} active={sending} />
        </div>
      </form>
      {rows !== undefined && <EmailInviteReport rows={rows} sending={sending} onRetry={onRetry} />}
    </div>
  );
}
