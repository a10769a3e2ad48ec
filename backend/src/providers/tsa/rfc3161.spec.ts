import { fixedClock } from '../../common/clock/clock';
import { TsaSandboxService } from '../../sandbox/tsa/tsa-sandbox.service';
import { checkTimestampToken, readToken, timestampRequest, tokenFromReply, TimestampReplyError } from './rfc3161';

describe('RFC 3161 requests, replies and tokens (against the sandbox TSA)', () => {
  const tsa = new TsaSandboxService(fixedClock('2026-11-23T09:00:00Z'));
  const data = Buffer.from('localhost/tipske-log\n3\nrootrootrootrootrootrootrootrootrootroot1234=\n');

  it('time-stamps data: imprint, nonce, genTime, signature by the sandbox certificate', async () => {
    const { der, nonce } = timestampRequest(data);
    const token = tokenFromReply(await tsa.reply(der), data, nonce);
    expect(readToken(token).info.genTime.toISOString()).toBe('2026-11-23T09:00:00.000Z');
    const check = await checkTimestampToken(token, data);
    expect(check).toMatchObject({ imprintMatches: true, signatureValid: true, signer: 'TipsKE sandbox TSA', problem: null });
    expect((await checkTimestampToken(token, data, [tsa.certificateDer()])).signatureValid).toBe(true);
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
    expect(() => tokenFromReply(reply, data, Buffer.from('0102030405060708', 'hex'))).toThrow("nonce is not the request's");
    expect(() => tokenFromReply(reply, Buffer.from('x'), nonce)).toThrow("imprint is not the request's");
  });

  it('answers a malformed request with a rejection the client reports', async () => {
    const reply = await tsa.reply(Buffer.from('not DER'));
    expect(() => tokenFromReply(reply, data, Buffer.alloc(8))).toThrow(TimestampReplyError);
    expect(() => tokenFromReply(reply, data, Buffer.alloc(8))).toThrow('status 2: the request is not a DER TimeStampReq');
    expect(() => readToken(Buffer.from('junk'))).toThrow('not a time-stamp token');
  });
});
