import * as asn1js from 'asn1js';
import { createHash, randomBytes, webcrypto } from 'crypto';
import * as pkijs from 'pkijs';

/**
 * RFC 3161 time-stamp requests, replies and tokens (docs/PROVIDERS.md "Time-stamping authority"),
 * through pkijs/asn1js: the request carries the SHA-256 imprint of the data, a random nonce and
 * certReq (the TSA puts its certificate in the token); a token is a CMS SignedData whose content
 * is a TSTInfo. Verification checks the imprint against the data, the CMS signature with the
 * certificate in the token and, when trusted certificates are given, the chain up to them.
 */

/** pkijs on Node's WebCrypto. */
export const tspCrypto = new pkijs.CryptoEngine({
  name: 'node',
  crypto: webcrypto as unknown as Crypto,
});

export const SHA256_OID = '2.16.840.1.101.3.4.2.1';
/** id-ct-TSTInfo: the content type of a time-stamp token's SignedData. */
export const TST_INFO_OID = '1.2.840.113549.1.9.16.1.4';
/** MIME types of the HTTP transport (RFC 3161 section 3.4). */
export const TIMESTAMP_QUERY = 'application/timestamp-query';
export const TIMESTAMP_REPLY = 'application/timestamp-reply';

const bytes = (b: ArrayBuffer | ArrayBufferView): Buffer =>
  b instanceof ArrayBuffer ? Buffer.from(b) : Buffer.from(b.buffer, b.byteOffset, b.byteLength);
const arrayBuffer = (b: Uint8Array): ArrayBuffer =>
  b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;

/** A TimeStampReq (DER) for SHA-256(`data`) with a fresh 8-byte nonce and certReq. */
export const timestampRequest = (data: Uint8Array): { der: Buffer; nonce: Buffer } => {
  const nonce = randomBytes(8);
  nonce[0] &= 0x7f; // a positive INTEGER
  nonce[0] |= 0x01; // of exactly 8 bytes
  const req = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: SHA256_OID }),
      hashedMessage: new asn1js.OctetString({
        valueHex: arrayBuffer(createHash('sha256').update(data).digest()),
      }),
    }),
    nonce: new asn1js.Integer({ valueHex: arrayBuffer(nonce) }),
    certReq: true,
  });
  return { der: bytes(req.toSchema().toBER()), nonce };
};

/** A reply the TSA refused, or one that does not answer the request. */
export class TimestampReplyError extends Error {}

const integerBytes = (i: asn1js.Integer): Buffer => {
  const b = bytes(i.valueBlock.valueHexView);
  let start = 0;
  while (start < b.length - 1 && b[start] === 0) start++;
  return b.subarray(start);
};

/** Reads a DER ContentInfo holding a time-stamp token: its SignedData and TSTInfo. @throws TimestampReplyError when it is not one. */
export const readToken = (token: Uint8Array): { signed: pkijs.SignedData; info: pkijs.TSTInfo } => {
  try {
    const content = pkijs.ContentInfo.fromBER(arrayBuffer(token));
    if (content.contentType !== pkijs.ContentInfo.SIGNED_DATA) throw new Error('not SignedData');
    const signed = new pkijs.SignedData({ schema: content.content });
    if (signed.encapContentInfo.eContentType !== TST_INFO_OID || !signed.encapContentInfo.eContent)
      throw new Error('not a TSTInfo');
    const info = pkijs.TSTInfo.fromBER(signed.encapContentInfo.eContent.getValue());
    return { signed, info };
  } catch (err) {
    throw new TimestampReplyError(`not a time-stamp token (${(err as Error).message})`);
  }
};

/**
 * The token (DER ContentInfo) of a TimeStampResp that answers the request for `data` with `nonce`.
 * @throws TimestampReplyError when the TSA refused (status other than granted / grantedWithMods),
 *   the reply is malformed, or its imprint or nonce is not the request's.
 */
export const tokenFromReply = (reply: Uint8Array, data: Uint8Array, nonce: Buffer): Buffer => {
  let resp: pkijs.TimeStampResp;
  try {
    resp = pkijs.TimeStampResp.fromBER(arrayBuffer(reply));
  } catch (err) {
    throw new TimestampReplyError(
      `the TSA's reply is not a TimeStampResp (${(err as Error).message})`,
    );
  }
  const status = resp.status.status;
  if (status !== 0 && status !== 1) {
    const text = (resp.status.statusStrings ?? []).map((s) => s.valueBlock.value).join('; ');
    throw new TimestampReplyError(
      `the TSA refused the request (status ${status}${text ? `: ${text}` : ''})`,
    );
  }
  if (!resp.timeStampToken)
    throw new TimestampReplyError('the TSA granted the request but sent no token');
  const token = bytes(resp.timeStampToken.toSchema().toBER());
  const { info } = readToken(token);
  if (!imprintMatches(info, data))
    throw new TimestampReplyError("the token's message imprint is not the request's");
  if (
    !info.nonce ||
    !integerBytes(info.nonce).equals(
      integerBytes(new asn1js.Integer({ valueHex: arrayBuffer(nonce) })),
    )
  ) {
    throw new TimestampReplyError("the token's nonce is not the request's");
  }
  return token;
};

const HASHES: Record<string, string> = {
  [SHA256_OID]: 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};

const imprintMatches = (info: pkijs.TSTInfo, data: Uint8Array): boolean => {
  const alg = HASHES[info.messageImprint.hashAlgorithm.algorithmId];
  return (
    !!alg &&
    bytes(info.messageImprint.hashedMessage.valueBlock.valueHexView).equals(
      createHash(alg).update(data).digest(),
    )
  );
};

/** What a token says and whether it holds for the data. */
export interface TimestampCheck {
  /** The TSA's time (TSTInfo genTime). */
  genTime: Date;
  /** The message imprint is the hash of the data. */
  imprintMatches: boolean;
  /** The CMS signature verifies with the signer certificate in the token (and its chain, when trusted certificates were given). */
  signatureValid: boolean;
  /** The signer certificate's subject common name, or null. */
  signer: string | null;
  /** SHA-256 of the signer certificate (DER), hex, or null. */
  signerCertSha256: string | null;
  /** Why the signature check failed, when it did. */
  problem: string | null;
}

/**
 * Checks time-stamp token `token` (DER ContentInfo) over `data`: the imprint, the signed
 * attributes' digest and the signature, by the certificate the token carries; with
 * `trustedCerts` (DER) also that this certificate is one of them (pinned) or chains up to one.
 * @throws TimestampReplyError when `token` is not a time-stamp token.
 */
export const checkTimestampToken = async (
  token: Uint8Array,
  data: Uint8Array,
  trustedCerts: Uint8Array[] = [],
): Promise<TimestampCheck> => {
  const { signed, info } = readToken(token);
  const cert = (signed.certificates ?? []).find(
    (c): c is pkijs.Certificate => c instanceof pkijs.Certificate,
  );
  const cn =
    cert?.subject.typesAndValues.find((t) => t.type === '2.5.4.3')?.value.valueBlock.value ?? null;
  const verify = async (trusted: Uint8Array[]): Promise<string | null> => {
    try {
      const result = await signed.verify(
        {
          signer: 0,
          data: arrayBuffer(data),
          checkChain: trusted.length > 0,
          trustedCerts: trusted.map((c) => pkijs.Certificate.fromBER(arrayBuffer(c))),
          extendedMode: true,
        },
        tspCrypto,
      );
      return result.signatureVerified && (!trusted.length || result.signerCertificateVerified)
        ? null
        : result.message || 'the signature does not verify';
    } catch (err) {
      return (err as Error).message || 'the signature does not verify';
    }
  };
  const signerCertSha256 = cert
    ? createHash('sha256').update(bytes(cert.toSchema().toBER())).digest('hex')
    : null;
  // A trusted certificate that is the signer's own is pinned; otherwise the chain must lead to one.
  const pinned = trustedCerts.some(
    (c) => createHash('sha256').update(c).digest('hex') === signerCertSha256,
  );
  let problem = await verify([]);
  if (!problem && trustedCerts.length && !pinned) problem = await verify(trustedCerts);
  const signatureValid = problem === null;
  return {
    genTime: info.genTime,
    imprintMatches: imprintMatches(info, data),
    signatureValid,
    signer: typeof cn === 'string' ? cn : null,
    signerCertSha256,
    problem,
  };
};
