/**
 * User stories of SAML single sign-on: set up an identity provider by pasting its metadata (fields filled, the
 * certificate's subject and expiry shown at once), save it and find it through the API, copy a service provider
 * value; and an expired certificate refused by the server, its message on the certificate field, nothing lost.
 */
import { DEMO_SAML_CERTIFICATE as DEMO_CERTIFICATE, EXPIRED_CERTIFICATE } from '../shared/certificates.ts';
import { describe, expect, it } from 'vitest';
import { DocsAdmin } from './pages/docs-admin.ts';
import { SsoPage } from './pages/sso.ts';
import { eventually } from './support/expect.ts';
import { useRig } from './support/rig.ts';

/** Identity provider metadata as Okta exports it, around a certificate (bare base64, as metadata holds it). */
function metadataXml(entityID: string, ssoURL: string, certificate: string): string {
  const base64 = certificate.split('\n').slice(1, -1).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${entityID}">
  <md:IDPSSODescriptor WantAuthnRequestsSigned="false" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="signing">
      <ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#">
        <ds:X509Data><ds:X509Certificate>${base64}</ds:X509Certificate></ds:X509Data>
      </ds:KeyInfo>
    </md:KeyDescriptor>
    <md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${ssoURL}/post"/>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${ssoURL}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;
}

describe('an administrator setting up SAML single sign-on', () => {
  const session = useRig();

  /** The organization's SAML providers as the API lists them. */
  const providers = async (): Promise<Record<string, unknown>[]> => {
    const answer = await session.rig.api.call('GET', `/v1/orgs/${session.rig.orgId}/saml`, {
      query: { limit: 100 },
    });
    if (answer.status !== 200) throw new Error(`list SAML providers: HTTP ${answer.status}`);
    return (answer.body as { items: Record<string, unknown>[] }).items;
  };

  const open = async () => {
    const app = await DocsAdmin.open(session.tab.page, session.rig.running.url);
    const sso = new SsoPage(app.page);
    await sso.goto();
    return { app, sso };
  };

  it('pastes the metadata, sees the certificate, saves, and copies a service value', async () => {
    const { app, sso } = await open();
    const entityID = 'http://www.okta.com/exke2e0metadata';
    const ssoURL = 'https://acme-e2e.okta.test/app/docs/exke2e0metadata/sso/saml';

    await sso.addProvider();
    await sso.field('label').fill('Okta (e2e)');
    await sso.fillFromMetadata(metadataXml(entityID, ssoURL, DEMO_CERTIFICATE));

    expect(await sso.metadataFilled()).toContain('Entity ID, SSO URL, Certificate');
    expect(await sso.field('entityID').inputValue()).toBe(entityID);
    expect(await sso.field('ssoURL').inputValue()).toBe(ssoURL);
    expect(await sso.field('certificate').inputValue()).toBe(DEMO_CERTIFICATE);
    const certificate = await sso.certificate();
    expect(certificate.subject).toBe('Acme IdP');
    expect(certificate.state).toBe('valid');
    expect(certificate.expiry).toMatch(/^expires in [\d,]+ days$/);

    await sso.setDefaults('Engineering', 'comment');
    await sso.save();
    const id = await sso.savedProviderId();

    const engineering = await session.rig.api.teamId(session.rig.orgId, 'Engineering');
    const saved = (await providers()).find((provider) => provider['id'] === id);
    expect(saved).toMatchObject({
      label: 'Okta (e2e)',
      entityID,
      ssoURL,
      certificate: DEMO_CERTIFICATE,
      defaultRole: 'comment',
      status: 'active',
      defaultTeam: { id: engineering },
    });
    const service = saved!['service'] as Record<string, string>;
    expect(await sso.serviceValue('acsURL')).toBe(service['acsURL']);
    expect(await sso.serviceValue('entityID')).toBe(service['entityID']);
    expect(await sso.serviceValue('startURL')).toBe(service['startURL']);

    // Copy the ACS URL: the clipboard holds it and the button says so.
    const origin = new URL(app.page.url()).origin;
    await session.tab.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    const button = await sso.copy('acsURL');
    await expect.poll(() => button.innerText(), eventually).toBe('Copied');
    expect(await app.page.evaluate('navigator.clipboard.readText()')).toBe(service['acsURL']);

    // The provider is listed, and active, so members see it among the SSO sign-in options.
    await sso.row('Okta (e2e)').waitFor();
    await sso.logins.locator(`[data-testid="sso-login-row"][data-provider-id="${id}"]`).waitFor();
  });

  it('shows the server refusing an expired certificate on the certificate field, keeping what was typed', async () => {
    const { sso } = await open();
    const before = (await providers()).length;

    await sso.addProvider();
    await sso.field('label').fill('Expired IdP (e2e)');
    await sso.fillFromMetadata(
      metadataXml('https://idp.expired.test/metadata', 'https://idp.expired.test/sso', EXPIRED_CERTIFICATE),
    );
    const certificate = await sso.certificate();
    expect(certificate.subject).toBe('Expired IdP');
    expect(certificate.state).toBe('expired');

    await sso.save();
    const error = sso.fieldError('certificate');
    await error.waitFor();
    expect(await error.innerText()).toContain('expired');
    expect(await sso.field('certificate').getAttribute('aria-invalid')).toBe('true');
    expect(await sso.field('certificate').inputValue()).toBe(EXPIRED_CERTIFICATE);
    expect(await sso.field('label').inputValue()).toBe('Expired IdP (e2e)');
    expect(await sso.field('ssoURL').inputValue()).toBe('https://idp.expired.test/sso');
    expect(await sso.form.getAttribute('data-provider-id')).toBeNull();
    expect(await providers()).toHaveLength(before);
  });
});
