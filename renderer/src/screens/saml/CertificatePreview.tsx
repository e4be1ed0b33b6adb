/** What a pasted certificate says, read in the renderer as soon as it parses: subject, issuer and validity. */
import { useMemo } from 'react';
import { cx } from '../../ui/cx.ts';
import {
  nameText,
  nameValue,
  previewCertificate,
  validityState,
  validityText,
  type ValidityState,
} from './certificate.ts';

const DATE = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const when = (date: Date) => `${DATE.format(date)} UTC`;

/** Days left under which the expiry is shown as a warning: time to plan the rotation. */
const SOON_DAYS = 30;

function tone(state: ValidityState): 'ok' | 'soon' | 'bad' {
  if (state.kind !== 'valid') return 'bad';
  return state.daysLeft < SOON_DAYS ? 'soon' : 'ok';
}

/** Props of `CertificatePreview`. */
export interface CertificatePreviewProps {
  pem: string;
  /** The field already shows why the text is not a certificate: do not say it twice. */
  quiet: boolean;
  id?: string;
}

/** The preview of the certificate field's text (nothing while it is empty). */
export function CertificatePreview({ pem, quiet, id }: CertificatePreviewProps) {
  const preview = useMemo(() => (pem.trim() === '' ? undefined : previewCertificate(pem)), [pem]);
  if (preview === undefined) return null;
  if (!preview.ok)
    return quiet ? null : (
      <p id={id} className="saml-cert-unread" data-testid="cert-preview-error">
        Not readable yet: {preview.error}
      </p>
    );
  const { certificate } = preview;
  const state = validityState(certificate, new Date());
  const subject = nameText(certificate.subject);
  const issuer = nameText(certificate.issuer);
  return (
    <div id={id} className="saml-cert" data-testid="cert-preview" aria-live="polite">
      <dl className="saml-cert-facts">
        <div>
          <dt>Subject</dt>
          <dd data-testid="cert-subject">{nameValue(certificate.subject, 'CN') ?? (subject || '(empty)')}</dd>
        </div>
        {nameValue(certificate.subject, 'O') !== undefined && (
          <div>
            <dt>Organization</dt>
            <dd data-testid="cert-organization">{nameValue(certificate.subject, 'O')}</dd>
          </div>
        )}
        <div>
          <dt>Full subject</dt>
          <dd className="saml-mono">{subject || '(empty)'}</dd>
        </div>
        <div>
          <dt>Issuer</dt>
          <dd>{issuer === subject ? 'Self-signed' : issuer}</dd>
        </div>
        <div>
          <dt>Valid from</dt>
          <dd data-testid="cert-not-before">{when(certificate.notBefore)}</dd>
        </div>
        <div>
          <dt>Valid until</dt>
          <dd data-testid="cert-not-after">
            {when(certificate.notAfter)}{' '}
            <span
              className={cx('saml-cert-state', `saml-cert-state-${tone(state)}`)}
              data-testid="cert-expiry"
              data-state={state.kind}
            >
              {validityText(state)}
            </span>
          </dd>
        </div>
      </dl>
    </div>
  );
}
