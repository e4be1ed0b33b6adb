/**
 * Certificates for the SAML tests, generated once with openssl and kept here so no test reads a file outside the
 * repository (their private keys were thrown away). Keys for the "a key is not a certificate" cases are generated
 * at test time with node:crypto.
 */
import { generateKeyPairSync } from 'node:crypto';

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

/** `CN=Expired IdP`, self-signed, valid from 2020-01-01 to 2021-01-01 (`openssl ca -selfsign -startdate -enddate`). */
export const EXPIRED_CERTIFICATE = `-----BEGIN CERTIFICATE-----
MIICoDCCAYgCAQEwDQYJKoZIhvcNAQELBQAwFjEUMBIGA1UEAwwLRXhwaXJlZCBJ
ZFAwHhcNMjAwMTAxMDAwMDAwWhcNMjEwMTAxMDAwMDAwWjAWMRQwEgYDVQQDDAtF
eHBpcmVkIElkUDCCASIwDQYJKoZIhvcNAQEBBQADggEPADCCAQoCggEBANei1oZN
aNNcb5ZbdTBijp5shmPsGaW0msr4BMRr5vfFDaJ4Gmcs06wCH1IgWACUm27ngsZr
BnaiPejGeyxXwqwLhBQzq7S4t4hP1RfE6jsi5j2gC33t1M4x+ogYEXVXfdEsF8z3
EQ+pHm75bmwYG4jIna5AamngzjwJ6zmxG38S5CAxbNJby+dVP/T1p6KQyVXDKqlI
9i8vMY5FkSBXLCRP8Djms9n0tAj4ItlI4fZ1GiTQqQtwrcu3xrZAPO9BE/RtQhZ1
wyu2Z4ZzPt6pS+7TvijBVaAjvPTUizjMhOHTiwWSSV6qBL9G4Ndo34LvfIPk4bh4
CINfD2wig1rqlcMCAwEAATANBgkqhkiG9w0BAQsFAAOCAQEAwJvq0Z8hYZsGvyG/
UEpWiQW2yISW7aiNces7Sf1CfGNWYUZ4aq7LSi6TtPow3ilXV8LKEENTofifqRLx
OYPWdN0hCySYKYLMK1rcK8yV40EI6ZYrMqY3iQSsQH3J28WHWCAsIIVVCjpjn0Ns
FD5V0JO+boLQXIT5Yje/m3/+otKo6284y0HGJjZDR1LZCeJoazeDc5AiHo++bhZG
1yBD31BC7E5fVrsWKGgvLTlr2wRtNPHeWgMpnfW/gRCh5w3fQ53qbeaCzZTs5tPD
lC8grsDtRBE/Ia8O953h1vaCWDK41N0H0OpzhbyItLYOorTCSBsBwTf0/fN8krkI
D3cpkQ==
-----END CERTIFICATE-----`;

/** The PEM of a fresh private key and of its public key (neither is a certificate). */
export function keyPems(): { privateKey: string; publicKey: string } {
  const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    privateKey: pair.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    publicKey: pair.publicKey.export({ format: 'pem', type: 'spki' }).toString(),
  };
}
