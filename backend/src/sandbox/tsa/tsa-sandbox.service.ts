import { Inject, Injectable } from '@nestjs/common';
import * as asn1js from 'asn1js';
import { createHash, randomBytes, webcrypto } from 'crypto';
import * as pkijs from 'pkijs';
import { Clock, CLOCK } from '../../common/clock/clock';
import { SHA256_OID, TST_INFO_OID, tspCrypto } from '../../providers/tsa/rfc3161';
import { pemBody, SANDBOX_TSA_CERT_PEM, SANDBOX_TSA_KEY_PEM } from './tsa-sandbox.key';

/** The sandbox TSA's policy OID (a UUID arc, 2.25.<uuid>): no real policy stands behind it. */
export const SANDBOX_TSA_POLICY = '2.25.216417404127095622441718766424355106318';

const ab = (b: Uint8Array): ArrayBuffer =>
  b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
const HASH_BYTES: Record<string, number> = {
  [SHA256_OID]: 32,
  '2.16.840.1.101.3.4.2.2': 48,
  '2.16.840.1.101.3.4.2.3': 64,
};

/**
 * An RFC 3161 time-stamping authority for development and tests (docs/PROVIDERS.md
 * "Time-stamping authority"): answers a DER TimeStampReq with a TimeStampResp whose token is
 * signed by the sandbox key (ECDSA P-256, SHA-256) with the signed attributes RFC 3161 and
 * RFC 5816 ask for (content type, message digest, ESS signing-certificate-v2). genTime is the
 * application's clock. A malformed request or an unknown hash is answered with status
 * rejection (2), as a real TSA answers it.
 */
@Injectable()
export class TsaSandboxService {
  private key?: Promise<CryptoKey>;
  private readonly cert = pkijs.Certificate.fromBER(ab(pemBody(SANDBOX_TSA_CERT_PEM)));

  constructor(@Inject(CLOCK) private readonly clock: Clock) {}

  /** The sandbox's certificate, DER (what a verifier pins to trust its tokens). */
  certificateDer(): Buffer {
    return pemBody(SANDBOX_TSA_CERT_PEM);
  }

  /** The TimeStampResp (DER) answering `query` (DER TimeStampReq). Never throws on bad input: a rejection reply instead. */
  async reply(query: Buffer): Promise<Buffer> {
    let req: pkijs.TimeStampReq;
    try {
      req = pkijs.TimeStampReq.fromBER(ab(query));
    } catch {
      return this.rejection('the request is not a DER TimeStampReq', 5); // badDataFormat
    }
    const hashLength = HASH_BYTES[req.messageImprint.hashAlgorithm.algorithmId];
    if (!hashLength) return this.rejection('unsupported hash algorithm', 0); // badAlg
    if (req.messageImprint.hashedMessage.valueBlock.valueHexView.byteLength !== hashLength) {
      return this.rejection('the message imprint has the wrong length', 5);
    }
    const tstInfo = new pkijs.TSTInfo({
      version: 1,
      policy: SANDBOX_TSA_POLICY,
      messageImprint: req.messageImprint,
      serialNumber: new asn1js.Integer({
        valueHex: ab(Buffer.concat([Buffer.of(0x01), randomBytes(15)])),
      }),
      genTime: this.clock.now(),
      accuracy: new pkijs.Accuracy({ seconds: 1 }),
      ...(req.nonce ? { nonce: req.nonce } : {}),
    });
    const content = Buffer.from(tstInfo.toSchema().toBER());
    const certDer = this.certificateDer();
    const signed = new pkijs.SignedData({
      version: 3,
      encapContentInfo: new pkijs.EncapsulatedContentInfo({
        eContentType: TST_INFO_OID,
        eContent: new asn1js.OctetString({ valueHex: ab(content) }),
      }),
      certificates: req.certReq ? [this.cert] : [],
      signerInfos: [
        new pkijs.SignerInfo({
          version: 1,
          sid: new pkijs.IssuerAndSerialNumber({
            issuer: this.cert.issuer,
            serialNumber: this.cert.serialNumber,
          }),
          signedAttrs: new pkijs.SignedAndUnsignedAttributes({
            type: 0,
            attributes: [
              new pkijs.Attribute({
                type: '1.2.840.113549.1.9.3',
                values: [new asn1js.ObjectIdentifier({ value: TST_INFO_OID })],
              }),
              new pkijs.Attribute({
                type: '1.2.840.113549.1.9.4',
                values: [
                  new asn1js.OctetString({
                    valueHex: ab(createHash('sha256').update(content).digest()),
                  }),
                ],
              }),
              // ESS SigningCertificateV2 { certs: [ESSCertIDv2 { certHash (SHA-256 by default) }] } (RFC 5816).
              new pkijs.Attribute({
                type: '1.2.840.113549.1.9.16.2.47',
                values: [
                  new asn1js.Sequence({
                    value: [
                      new asn1js.Sequence({
                        value: [
                          new asn1js.Sequence({
                            value: [
                              new asn1js.OctetString({
                                valueHex: ab(createHash('sha256').update(certDer).digest()),
                              }),
                            ],
                          }),
                        ],
                      }),
                    ],
                  }),
                ],
              }),
            ],
          }),
        }),
      ],
    });
    await signed.sign(await this.signingKey(), 0, 'SHA-256', undefined, tspCrypto);
    // pkijs writes eContent as a constructed (BER) OCTET STRING; a token is DER, and verifiers
    // (pkijs's own included) read the primitive form: put the TSTInfo back as one.
    const schema = signed.toSchema(true) as asn1js.Sequence;
    const encap = schema.valueBlock.value[2] as asn1js.Sequence;
    (encap.valueBlock.value[1] as asn1js.Constructed).valueBlock.value = [
      new asn1js.OctetString({ valueHex: ab(content) }),
    ];
    const resp = new pkijs.TimeStampResp({
      status: new pkijs.PKIStatusInfo({ status: pkijs.PKIStatus.granted }),
      timeStampToken: new pkijs.ContentInfo({
        contentType: pkijs.ContentInfo.SIGNED_DATA,
        content: schema,
      }),
    });
    return Buffer.from(resp.toSchema().toBER());
  }

  private rejection(text: string, failBit: number): Buffer {
    const bits = new Uint8Array(4);
    bits[failBit >> 3] |= 0x80 >> (failBit & 7);
    const resp = new pkijs.TimeStampResp({
      status: new pkijs.PKIStatusInfo({
        status: pkijs.PKIStatus.rejection,
        statusStrings: [new asn1js.Utf8String({ value: text })],
        failInfo: new asn1js.BitString({
          valueHex: ab(bits.subarray(0, (failBit >> 3) + 1)),
          unusedBits: 7 - (failBit & 7),
        }),
      }),
    });
    return Buffer.from(resp.toSchema().toBER());
  }

  private signingKey(): Promise<CryptoKey> {
    this.key ??= webcrypto.subtle.importKey(
      'pkcs8',
      pemBody(SANDBOX_TSA_KEY_PEM),
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['sign'],
    ) as Promise<CryptoKey>;
    return this.key;
  }
}
