/**
 * Certificates for the SAML tests (part of server/test/factories.ts), generated once with openssl and kept here so no test reads a file outside the
 * repository (their private keys were thrown away). Keys for the "a key is not a certificate" cases are generated
 * at test time with node:crypto.
 */
import { generateKeyPairSync } from 'node:crypto';

export { EXPIRED_CERTIFICATE } from '../../../shared/certificates.ts';

/** `CN=Test IdP`, self-signed, valid from 2026-11-22 for 100 years (`openssl req -x509 -days 36500`). */
export const VALID_CERTIFICATE = `-----BEGIN CERTIFICATE-----
MIIDCTCCAfGgAwIBAgIUMLxpCQFhZVdCtVn70QU9tW9xUJwwDQYJKoZIhvcNAQEL
BQAwEzERMA8GA1UEAwwIVGVzdCBJZFAwIBcNMjYxMTIyMDgwNTAzWhgPMjEyNjEw
MjkwODA1MDNaMBMxETAPBgNVBAMMCFRlc3QgSWRQMIIBIjANBgkqhkiG9w0BAQEF
AAOCAQ8AMIIBCgKCAQEAo3qXXKM65WUzfM7Sa1fhVrVo0+9QvCCPsQJbtpXY8ARK
59rmtw8unMTMx/JnBCH9SI/YUUhb5o+UaAiG2sjuBLYUJBVjzWF7GboX/d7m/eLI
KD0l2D1dWeRkszVlmp445LmDRVqXEFiPLBOSUiFMRDj0jYLONO1KaITVmljJ84ZJ
QBy2+uILfOXliAIQiDqYfNJEFIUYrCTAo0DFmA7zo49mLLbD+m9Rq0zUtspXAeSS
x6+Pdgvm4PCw+etX51LyTYUlTfbC6IOvdKH6/RbsQG0li0fA9y1/yXsZtCWMA6IG
A5wS1RWiZ9gOuzLiCn2TFTiA4llgBGWTq5MMlyYI/wIDAQABo1MwUTAdBgNVHQ4E
FgQUfORLFK6tqP+geB/xAsLZXN9wC5QwHwYDVR0jBBgwFoAUfORLFK6tqP+geB/x
AsLZXN9wC5QwDwYDVR0TAQH/BAUwAwEB/zANBgkqhkiG9w0BAQsFAAOCAQEAG3xN
8fAFHAibBG0KJz5oM9lHqFsvvs5d6yt//ZLSw/grkRmSKmozONuyFEvXKYBCxvse
EwoUjAk2e5SXxXPHdf5nosLqOFfGf00YoObFm74skvhQQo57EpamqJI+eM2re8bo
adegU1bCGFtt2LjFDKmM99bKI3B5tgWebHAV+IDRg7p1p4ZlCd+maDjELoB0HvcC
3PViLfyARgR5jOO6wTkfT/sMUiUSezAIZZN2FcnNoPx4ZsNyat8xqrr6gbExPsZn
gEXGulRD/I6bOA/NgfFxx0oRjaa28z3VUzAFf/VgxG36F31DxO1TpEfvFtJDp/Dk
aAUurMqX/fADZo2gxQ==
-----END CERTIFICATE-----`;

/** The PEM of a fresh private key and of its public key (neither is a certificate). */
export function keyPems(): { privateKey: string; publicKey: string } {
  const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    privateKey: pair.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    publicKey: pair.publicKey.export({ format: 'pem', type: 'spki' }).toString(),
  };
}
