import { fixedClock } from '../../common/clock/clock';
import { pemBody } from '../../sandbox/tsa/tsa-sandbox.key';
import { TsaSandboxService } from '../../sandbox/tsa/tsa-sandbox.service';
import {
  checkTimestampToken,
  readToken,
  timestampRequest,
  tokenFromReply,
  TimestampReplyError,
} from './rfc3161';

/** A self-signed certificate of another party, for a trust that must not accept the sandbox's tokens. */
const OTHER_CERT = `-----BEGIN CERTIFICATE-----
MIIBiDCCAS2gAwIBAgIUDKe5hJNr/W4xQuraeV1uinfHNGYwCgYIKoZIzj0EAwIw
GTEXMBUGA1UEAwwOU29tZSBvdGhlciBUU0EwHhcNMjYxMjA0MTU0MzI1WhcNMzYx
MjAxMTU0MzI1WjAZMRcwFQYDVQQDDA5Tb21lIG90aGVyIFRTQTBZMBMGByqGSM49
AgEGCCqGSM49AwEHA0IABG9GFQQsVjsmyFuwpMHWXVTo7hjF1w/XyFANQ/qxZ1j6
KNsR8A4luuxmNEEclNyxgNvm2BU0vM+PTO8N7SiJCKKjUzBRMB0GA1UdDgQWBBRi
kGA+SLDVmlaOIRsk8eVxyCe3UTAfBgNVHSMEGDAWgBRikGA+SLDVmlaOIRsk8eVx
yCe3UTAPBgNVHRMBAf8EBTADAQH/MAoGCCqGSM49BAMCA0kAMEYCIQC9dCueE0AP
w8EO4DuuVeRPTjlo1nTGTYx8yhIwGDsSPgIhANBoVM0Rq1auIPha0HBjCVBadBEo
2YoUjU8FA/cxD5KC
-----END CERTIFICATE-----
`;

describe('RFC 3161 requests, replies and tokens (against the sandbox TSA)', () => {
  const tsa = new TsaSandboxService(fixedClock('2026-11-23T09:00:00Z'));
  const data = Buffer.from(
    'localhost/tipske-log\n3\nrootrootrootrootrootrootrootrootrootroot1234=\n',
  );

  it('time-stamps data: imprint, nonce, genTime, signature by the sandbox certificate', async () => {
    const { der, nonce } = timestampRequest(data);
    const token = tokenFromReply(await tsa.reply(der), data, nonce);
    expect(readToken(token).info.genTime.toISOString()).toBe('2026-11-23T09:00:00.000Z');
    const check = await checkTimestampToken(token, data);
    expect(check).toMatchObject({
      imprintMatches: true,
      signatureValid: true,
      signer: 'TipsKE sandbox TSA',
      problem: null,
    });
    expect((await checkTimestampToken(token, data, [tsa.certificateDer()])).signatureValid).toBe(
      true,
    );
  });

  it('finds other data, a flipped signature byte and a foreign nonce', async () => {
    const { der, nonce } = timestampRequest(data);
    const reply = await tsa.reply(der);
    const token = tokenFromReply(reply, data, nonce);
    const other = await checkTimestampToken(token, Buffer.from('other data'));
    expect(other.imprintMatches).toBe(false);
    expect(other.signatureValid).toBe(false);
    const tampered = Buffer.from(token);
    tampered[tampered.length - 5] ^= 0x01; // inside the ECDSA signature, the token's last field
    expect((await checkTimestampToken(tampered, data)).signatureValid).toBe(false);
    expect(() => tokenFromReply(reply, data, Buffer.from('0102030405060708', 'hex'))).toThrow(
      "nonce is not the request's",
    );
    expect(() => tokenFromReply(reply, Buffer.from('x'), nonce)).toThrow(
      "imprint is not the request's",
    );
  });

  it('with a trusted certificate, refuses a token whose signer is neither it nor chained to it', async () => {
    const { der, nonce } = timestampRequest(data);
    const token = tokenFromReply(await tsa.reply(der), data, nonce);
    const other = pemBody(OTHER_CERT);
    const check = await checkTimestampToken(token, data, [other]);
    expect(check.signatureValid).toBe(false);
    expect(check.problem).toEqual(expect.any(String));
  });

  it('answers a malformed request with a rejection the client reports', async () => {
    const reply = await tsa.reply(Buffer.from('not DER'));
    expect(() => tokenFromReply(reply, data, Buffer.alloc(8))).toThrow(TimestampReplyError);
    expect(() => tokenFromReply(reply, data, Buffer.alloc(8))).toThrow(
      'status 2: the request is not a DER TimeStampReq',
    );
    expect(() => readToken(Buffer.from('junk'))).toThrow('not a time-stamp token');
  });
});
