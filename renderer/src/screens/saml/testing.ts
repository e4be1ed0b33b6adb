/**
 * Certificates for the SAML screen's unit tests: the demo identity provider's and an expired one (shared with the
 * server and the end-to-end specs), and one with an organization and non-ASCII text made for these tests
 * (`openssl req -x509 -newkey ec -days 365 -utf8`; its key was thrown away).
 */

export {
  DEMO_SAML_CERTIFICATE as DEMO_CERTIFICATE,
  EXPIRED_CERTIFICATE,
} from '../../../../shared/certificates.ts';

/** `C=FR, O=Société Exemple, OU=Identity, CN=Exemple IdP`, valid from 2026-11-22T08:31:36Z to 2027-11-22T08:31:36Z. */
export const ORG_CERTIFICATE = `-----BEGIN CERTIFICATE-----
MIIB+TCCAZ+gAwIBAgIUCnX81H64jVKZlxj5zYlY/zL2Qf4wCgYIKoZIzj0EAwIw
UjELMAkGA1UEBhMCRlIxGjAYBgNVBAoMEVNvY2nDqXTDqSBFeGVtcGxlMREwDwYD
VQQLDAhJZGVudGl0eTEUMBIGA1UEAwwLRXhlbXBsZSBJZFAwHhcNMjYxMTIyMDgz
MTM2WhcNMjcxMTIyMDgzMTM2WjBSMQswCQYDVQQGEwJGUjEaMBgGA1UECgwRU29j
acOpdMOpIEV4ZW1wbGUxETAPBgNVBAsMCElkZW50aXR5MRQwEgYDVQQDDAtFeGVt
cGxlIElkUDBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABITb1MmvVPvJL15GRlhu
T589aoQEUNF1TPpS6u1VjzQ0SE8LoGBrdpbwjLOZlatiKjjGPQy3R5oaNOMSW4En
tSCjUzBRMB0GA1UdDgQWBBTELxps3CqGuQLxU650Ol/H3vcd9DAfBgNVHSMEGDAW
gBTELxps3CqGuQLxU650Ol/H3vcd9DAPBgNVHRMBAf8EBTADAQH/MAoGCCqGSM49
BAMCA0gAMEUCIDGIfc2Hb7Cgz5HTqfxg5yEOxfzFN5rczaFJndsfCiuNAiEA26ht
XMx0dM1fLqpIPobyINTEBDr/+/J/KKDD9r5mEH0=
-----END CERTIFICATE-----`;
