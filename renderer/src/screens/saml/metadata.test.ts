import { describe, expect, it } from 'vitest';
import { DS_NS, MD_NS, readMetadata, type XmlElement } from './metadata.ts';
import { DEMO_CERTIFICATE, ORG_CERTIFICATE } from './testing.ts';

/** A tiny namespace-aware XML reader (elements, attributes, text), standing in for the browser's DOMParser. */
function parseXml(text: string): XmlElement {
  interface Node extends XmlElement {
    children: Node[];
    parts: (Node | string)[];
    attributes: Map<string, string>;
    namespaces: Map<string, string>;
  }
  const decode = (value: string) =>
    value.replace(
      /&(lt|gt|amp|quot|apos);/g,
      (_, name: string) => ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" })[name]!,
    );
  const textOf = (node: Node): string =>
    node.parts.map((part) => (typeof part === 'string' ? part : textOf(part))).join('');
  const stack: Node[] = [];
  let root: Node | undefined;
  const token =
    /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[([\s\S]*?)\]\]>|<(\/?)([\w:.-]+)((?:\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|([^<]+)/g;
  for (const match of text.matchAll(token)) {
    const [, cdata, closing, qname, attributeText, selfClosing, chars] = match;
    const parent = stack.at(-1);
    if (chars !== undefined || cdata !== undefined) {
      parent?.parts.push(cdata ?? decode(chars!));
      continue;
    }
    if (qname === undefined) continue;
    if (closing === '/') {
      stack.pop();
      continue;
    }
    const attributes = new Map<string, string>();
    for (const [, name, , double, single] of (attributeText ?? '').matchAll(
      /([\w:.-]+)\s*=\s*("([^"]*)"|'([^']*)')/g,
    ))
      attributes.set(name!, decode(double ?? single ?? ''));
    const namespaces = new Map(parent?.namespaces);
    for (const [name, value] of attributes) {
      if (name === 'xmlns') namespaces.set('', value);
      else if (name.startsWith('xmlns:')) namespaces.set(name.slice(6), value);
    }
    const [prefix, localName] = qname.includes(':') ? qname.split(':') : ['', qname];
    const node: Node = {
      localName: localName!,
      namespaceURI: namespaces.get(prefix!) ?? null,
      children: [],
      parts: [],
      attributes,
      namespaces,
      get textContent() {
        return textOf(node);
      },
      getAttribute: (name) => attributes.get(name) ?? null,
    };
    if (parent) {
      parent.children.push(node);
      parent.parts.push(node);
    } else root = node;
    if (selfClosing !== '/') stack.push(node);
  }
  if (root === undefined) throw new Error('no root element');
  return root;
}

const bodyOf = (pem: string) => pem.split('\n').slice(1, -1).join('');

/** Metadata as identity providers write it, with a few knobs. */
function metadata({
  prefix = 'md',
  entityID = 'http://www.okta.com/exk123',
  services = [
    ['POST', 'https://idp.example.com/sso/post'],
    ['Redirect', 'https://idp.example.com/sso/redirect'],
  ],
  keys = [['signing', DEMO_CERTIFICATE]],
}: {
  prefix?: string;
  entityID?: string | null;
  services?: [string, string][];
  keys?: [string | null, string][];
} = {}): string {
  const p = prefix === '' ? '' : `${prefix}:`;
  const xmlns = prefix === '' ? `xmlns="${MD_NS}"` : `xmlns:${prefix}="${MD_NS}"`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<!-- exported by the identity provider -->
<${p}EntityDescriptor ${xmlns} ${entityID === null ? '' : `entityID="${entityID}"`}>
  <${p}IDPSSODescriptor WantAuthnRequestsSigned="false" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
${keys
  .map(
    ([use, pem]) => `    <${p}KeyDescriptor${use === null ? '' : ` use="${use}"`}>
      <ds:KeyInfo xmlns:ds="${DS_NS}">
        <ds:X509Data>
          <ds:X509Certificate>
            ${bodyOf(pem).replace(/(.{76})/g, '$1\n            ')}
          </ds:X509Certificate>
        </ds:X509Data>
      </ds:KeyInfo>
    </${p}KeyDescriptor>`,
  )
  .join('\n')}
    <${p}NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</${p}NameIDFormat>
${services
  .map(
    ([binding, location]) =>
      `    <${p}SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-${binding}" Location="${location}"/>`,
  )
  .join('\n')}
  </${p}IDPSSODescriptor>
</${p}EntityDescriptor>`;
}

const read = (xml: string) => {
  const result = readMetadata(parseXml(xml));
  if (!result.ok) throw new Error(result.error);
  return result.reading;
};

describe('readMetadata', () => {
  it('fills the entity ID, the redirect SSO URL and the signing certificate as PEM', () => {
    expect(read(metadata())).toEqual({
      values: {
        entityID: 'http://www.okta.com/exk123',
        ssoURL: 'https://idp.example.com/sso/redirect',
        certificate: DEMO_CERTIFICATE,
      },
      missing: [],
    });
  });

  it('reads any prefix, or none: namespaces decide', () => {
    for (const prefix of ['', 'saml2', 'md'])
      expect(read(metadata({ prefix })).values.entityID).toBe('http://www.okta.com/exk123');
  });

  it('ignores elements with the right name in another namespace', () => {
    const xml = metadata().replaceAll(MD_NS, 'urn:example:not-saml');
    expect(readMetadata(parseXml(xml))).toMatchObject({
      ok: false,
      error: expect.stringContaining('not SAML metadata'),
    });
  });

  it('falls back to the POST binding', () => {
    const reading = read(metadata({ services: [['POST', 'https://idp.example.com/post']] }));
    expect(reading.values.ssoURL).toBe('https://idp.example.com/post');
  });

  it('takes the signing key, skipping an encryption key, and accepts a key without use', () => {
    expect(
      read(
        metadata({
          keys: [
            ['encryption', ORG_CERTIFICATE],
            ['signing', DEMO_CERTIFICATE],
          ],
        }),
      ).values.certificate,
    ).toBe(DEMO_CERTIFICATE);
    expect(
      read(
        metadata({
          keys: [
            [null, ORG_CERTIFICATE],
            ['signing', DEMO_CERTIFICATE],
          ],
        }),
      ).values.certificate,
    ).toBe(DEMO_CERTIFICATE);
    expect(read(metadata({ keys: [[null, ORG_CERTIFICATE]] })).values.certificate).toBe(ORG_CERTIFICATE);
  });

  it('names what is missing', () => {
    const reading = read(
      metadata({
        entityID: null,
        services: [['SOAP', 'https://idp.example.com/soap']],
        keys: [['encryption', ORG_CERTIFICATE]],
      }),
    );
    expect(reading.values).toEqual({});
    expect(reading.missing.map((item) => item.field)).toEqual(['entityID', 'ssoURL', 'certificate']);
    expect(reading.missing[1]!.message).toContain('HTTP-Redirect or HTTP-POST');
  });

  it('says when the file is a service provider’s metadata', () => {
    const xml = `<EntityDescriptor xmlns="${MD_NS}" entityID="https://sp.example.com"><SPSSODescriptor/></EntityDescriptor>`;
    const reading = read(xml);
    expect(reading.values).toEqual({ entityID: 'https://sp.example.com' });
    expect(reading.missing[0]!.message).toContain('IDPSSODescriptor');
  });

  it('finds the identity provider inside an EntitiesDescriptor', () => {
    const inner = metadata().replace(/^<\?xml[^>]*\?>/, '');
    const xml = `<md:EntitiesDescriptor xmlns:md="${MD_NS}"><md:EntityDescriptor entityID="https://sp.example.com"><md:SPSSODescriptor/></md:EntityDescriptor>${inner}</md:EntitiesDescriptor>`;
    expect(read(xml).values.ssoURL).toBe('https://idp.example.com/sso/redirect');
  });

  it('refuses XML that is not metadata', () => {
    expect(readMetadata(parseXml('<html><body>Sign in</body></html>'))).toMatchObject({ ok: false });
  });
});
