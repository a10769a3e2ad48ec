/**
 * The sandbox TSA's signing key (ECDSA P-256, PKCS#8) and self-signed certificate (CN "TipsKE
 * sandbox TSA", extended key usage timeStamping, critical; valid 2025-2045). Public on purpose:
 * a token it signs proves nothing outside development and tests, and production never loads the
 * sandbox (docs/PROVIDERS.md "Time-stamping authority").
 */
export const SANDBOX_TSA_KEY_PEM = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg4Shb1G+yEwoRz6El
FQfOzE/1db3cbn3T4+N458x/qr2hRANCAAQTvXv4Q5cfKGzLB0p/5b+z5zWegaBx
YQlT4iNKe5/8odrHDwAY8ona/EJcPsSF/6ZsB9Xi0P0znqaAND8g02A7
-----END PRIVATE KEY-----
`;

export const SANDBOX_TSA_CERT_PEM = `-----BEGIN CERTIFICATE-----
MIIBtDCCAVmgAwIBAgICWhcwCgYIKoZIzj0EAwIwNjEbMBkGA1UEAwwSVGlwc0tF
IHNhbmRib3ggVFNBMRcwFQYDVQQKDA5UaXBzS0Ugc2FuZGJveDAeFw0yNTAxMDEw
MDAwMDBaFw00NTAxMDEwMDAwMDBaMDYxGzAZBgNVBAMMElRpcHNLRSBzYW5kYm94
IFRTQTEXMBUGA1UECgwOVGlwc0tFIHNhbmRib3gwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAAQTvXv4Q5cfKGzLB0p/5b+z5zWegaBxYQlT4iNKe5/8odrHDwAY8ona
/EJcPsSF/6ZsB9Xi0P0znqaAND8g02A7o1cwVTAMBgNVHRMBAf8EAjAAMA4GA1Ud
DwEB/wQEAwIHgDAWBgNVHSUBAf8EDDAKBggrBgEFBQcDCDAdBgNVHQ4EFgQU2dlf
hMV/Qp+mJMvl4NgzlwI7jokwCgYIKoZIzj0EAwIDSQAwRgIhAOWNyRZ6m76A3My2
5sPdnGXDwaOo4CW7Yz/ltcc1QpShAiEAkqdTeE6IyUwJYTk1VVWhdOK26JYIw/qm
m/4cknlOp5U=
-----END CERTIFICATE-----
`;

/** DER bytes of a PEM block. */
export const pemBody = (pem: string): Buffer =>
  Buffer.from(pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, ''), 'base64');
