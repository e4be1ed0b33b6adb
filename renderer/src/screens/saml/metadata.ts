/**
 * Reading an identity provider's SAML metadata (the XML file Okta, Entra ID, Google… offer to download) to fill the
 * SAML form: the entity ID, the single sign-on URL and the signing certificate. The reading is namespace-aware and
 * works over a minimal element interface, so the browser's DOMParser feeds it in the app (parseMetadata.ts) and a
 * small walker feeds it in tests:
 * - `EntityDescriptor/@entityID` (the first descriptor that has an `IDPSSODescriptor`, when the file lists several);
 * - `IDPSSODescriptor/SingleSignOnService/@Location`, the HTTP-Redirect binding preferred, else HTTP-POST;
 * - `IDPSSODescriptor/KeyDescriptor` with `use="signing"` or no `use` → `KeyInfo/X509Data/X509Certificate`, its
 *   base64 wrapped into PEM with 64-character lines.
 * What is missing is named, so the admin knows which field still needs typing.
 */
import { pemFromBase64 } from './pem.ts';

/** SAML 2.0 metadata's namespace. */
export const MD_NS = 'urn:oasis:names:tc:SAML:2.0:metadata';
/** XML Signature's namespace (KeyInfo and its children). */
export const DS_NS = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';

/** The part of a DOM element the reader uses (a DOM `Element` has all of it). */
export interface XmlElement {
  readonly localName: string;
  readonly namespaceURI: string | null;
  readonly children: ArrayLike<XmlElement>;
  readonly textContent: string | null;
  getAttribute(name: string): string | null;
}

/** The fields metadata can fill. */
export type MetadataField = 'entityID' | 'ssoURL' | 'certificate';

/** What the metadata gave, and what it lacked (in words). */
export interface MetadataReading {
  values: Partial<Record<MetadataField, string>>;
  /** One sentence per field the file did not provide. */
  missing: { field: MetadataField; message: string }[];
}

/** The answer for text that is not SAML metadata at all. */
export type MetadataResult = { ok: true; reading: MetadataReading } | { ok: false; error: string };

function childElements(element: XmlElement, ns: string, localName: string): XmlElement[] {
  const found: XmlElement[] = [];
  for (let index = 0; index < element.children.length; index += 1) {
    const child = element.children[index]!;
    if (child.localName === localName && child.namespaceURI === ns) found.push(child);
  }
  return found;
}

/** The `EntityDescriptor`s at the root: itself, or the ones an `EntitiesDescriptor` holds (nested groups too). */
function entityDescriptors(root: XmlElement): XmlElement[] {
  if (root.namespaceURI !== MD_NS) return [];
  if (root.localName === 'EntityDescriptor') return [root];
  if (root.localName !== 'EntitiesDescriptor') return [];
  return [
    ...childElements(root, MD_NS, 'EntityDescriptor'),
    ...childElements(root, MD_NS, 'EntitiesDescriptor').flatMap(entityDescriptors),
  ];
}

function ssoLocation(idp: XmlElement): string | undefined {
  const services = childElements(idp, MD_NS, 'SingleSignOnService');
  for (const binding of [REDIRECT, POST]) {
    const location = services
      .find((service) => service.getAttribute('Binding') === binding)
      ?.getAttribute('Location');
    if (location !== null && location !== undefined && location.trim() !== '') return location.trim();
  }
  return undefined;
}

function signingCertificate(idp: XmlElement): string | undefined {
  const keys = childElements(idp, MD_NS, 'KeyDescriptor').filter((key) => {
    const use = key.getAttribute('use');
    return use === null || use === '' || use === 'signing';
  });
  // A key marked for signing wins over one without `use` (which serves both).
  keys.sort(
    (a, b) => Number(b.getAttribute('use') === 'signing') - Number(a.getAttribute('use') === 'signing'),
  );
  for (const key of keys) {
    for (const info of childElements(key, DS_NS, 'KeyInfo'))
      for (const data of childElements(info, DS_NS, 'X509Data'))
        for (const certificate of childElements(data, DS_NS, 'X509Certificate')) {
          const base64 = (certificate.textContent ?? '').replace(/\s+/g, '');
          if (base64 !== '') return pemFromBase64(base64);
        }
  }
  return undefined;
}

/** Reads parsed metadata from its root element. */
export function readMetadata(root: XmlElement): MetadataResult {
  const descriptors = entityDescriptors(root);
  if (descriptors.length === 0)
    return {
      ok: false,
      error:
        'This XML is not SAML metadata: it needs an EntityDescriptor in the namespace urn:oasis:names:tc:SAML:2.0:metadata.',
    };
  const entity =
    descriptors.find((descriptor) => childElements(descriptor, MD_NS, 'IDPSSODescriptor').length > 0) ??
    descriptors[0]!;
  const idp = childElements(entity, MD_NS, 'IDPSSODescriptor')[0];
  const values: MetadataReading['values'] = {};
  const missing: MetadataReading['missing'] = [];
  const entityID = entity.getAttribute('entityID')?.trim();
  if (entityID) values.entityID = entityID;
  else
    missing.push({
      field: 'entityID',
      message: 'Entity ID: the EntityDescriptor has no entityID attribute.',
    });
  if (idp === undefined) {
    missing.push(
      {
        field: 'ssoURL',
        message:
          'SSO URL: no IDPSSODescriptor (is this the service provider’s metadata rather than the identity provider’s?).',
      },
      { field: 'certificate', message: 'Certificate: no IDPSSODescriptor, so no signing key.' },
    );
    return { ok: true, reading: { values, missing } };
  }
  const location = ssoLocation(idp);
  if (location !== undefined) values.ssoURL = location;
  else
    missing.push({
      field: 'ssoURL',
      message: 'SSO URL: no SingleSignOnService with the HTTP-Redirect or HTTP-POST binding.',
    });
  const certificate = signingCertificate(idp);
  if (certificate !== undefined) values.certificate = certificate;
  else
    missing.push({
      field: 'certificate',
      message: 'Certificate: no signing KeyDescriptor with a KeyInfo/X509Data/X509Certificate.',
    });
  return { ok: true, reading: { values, missing } };
}
