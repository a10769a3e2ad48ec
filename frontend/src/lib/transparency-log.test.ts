// @vitest-environment node
// Web Crypto and pkijs exchange ArrayBuffers, which jsdom's realm does not share with Node's crypto.
import { describe, expect, it } from 'vitest';
import {
  checkLogEvidence,
  fromBase64,
  leafHash,
  parseSignedCheckpoint,
  rootFromInclusionProof,
  slipLeaf,
  verifyCheckpointSignature,
  verifyTimestampToken,
  type LogEvidence,
} from './transparency-log';

const hex = (h: string) => Uint8Array.from(h.match(/../g) ?? [], (b) => parseInt(b, 16));
const toHex = (b: Uint8Array | null) =>
  b ? Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('') : null;
const utf8 = (s: string) => new TextEncoder().encode(s);

// RFC 6962 test tree (transparency-dev/merkle proof/verify_test.go): leaf 5 of 8 and leaf 2 of 3.
const ROOT8 = '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328';
const PROOF_5_8 = [
  'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
  'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
];

// A checkpoint of three slip leaves signed with the development key, and its token from the sandbox TSA.
const NOTE =
  'localhost/tipske-log\n3\nzvYBcVVIAVPhZiCRVlaJJMcZ93NFY/fBJmr6CTx77e0=\n\n\u2014 localhost/tipske-log zGMRXFfM4/rCdrJM0adLzrtooo62xBMYq17qLwxxAbjd1bfb6OpiJRGZB1vxSQEBeQBExFMzmxvPzvLR+zutLCJzKgw=\n';
const PUBLIC_KEY = 'fwk69uRRsTUUNs/HB19SS7ZRsAboxhtcWRn+N07wgeA=';
const TOKEN =
  'MIIDrAYJKoZIhvcNAQcCoIIDnTCCA5kCAQMxDzANBglghkgBZQMEAgEFADCBkAYLKoZIhvcNAQkQAQSggYAEfjB8AgEBBhRpgsXQvPWmxdji8KfIyavFmbfcDjAvMAsGCWCGSAFlAwQCAQQgjmoI/1JPo1MyEPi8vtgsR6vKXuCEEA170gxNsj1U56kCEAGzmV0srqqXJy4R+pCgUS4YDzIwMjYxMTIzMDkwMDAwWjADAgEBAghNEfpMhdPKdqCCAbgwggG0MIIBWaADAgECAgJaFzAKBggqhkjOPQQDAjA2MRswGQYDVQQDDBJUaXBzS0Ugc2FuZGJveCBUU0ExFzAVBgNVBAoMDlRpcHNLRSBzYW5kYm94MB4XDTI1MDEwMTAwMDAwMFoXDTQ1MDEwMTAwMDAwMFowNjEbMBkGA1UEAwwSVGlwc0tFIHNhbmRib3ggVFNBMRcwFQYDVQQKDA5UaXBzS0Ugc2FuZGJveDBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABBO9e/hDlx8obMsHSn/lv7PnNZ6BoHFhCVPiI0p7n/yh2scPABjyidr8Qlw+xIX/pmwH1eLQ/TOepoA0PyDTYDujVzBVMAwGA1UdEwEB/wQCMAAwDgYDVR0PAQH/BAQDAgeAMBYGA1UdJQEB/wQMMAoGCCsGAQUFBwMIMB0GA1UdDgQWBBTZ2V+ExX9Cn6Yky+Xg2DOXAjuOiTAKBggqhkjOPQQDAgNJADBGAiEA5Y3JFnqbvoDczLbmw92cZcPBo6jgJbtjP+W1xzVClKECIQCSp1N4TojJTAlhOTVVVaF04rbolgjD+qab/hySeU6nlTGCATIwggEuAgEBMDwwNjEbMBkGA1UEAwwSVGlwc0tFIHNhbmRib3ggVFNBMRcwFQYDVQQKDA5UaXBzS0Ugc2FuZGJveAICWhcwDQYJYIZIAWUDBAIBBQCggYYwGgYJKoZIhvcNAQkDMQ0GCyqGSIb3DQEJEAEEMC8GCSqGSIb3DQEJBDEiBCC3BrEsvoSqW+yVLXFJ7ouMxfjdRio1EOun5xeWWzA5zzA3BgsqhkiG9w0BCRACLzEoMCYwJDAiBCBJZdKhMR+zjlezyxFzItjP90WnHeeOG59qaZwR1V0F2jAKBggqhkjOPQQDAgRHMEUCIQDbxyT7zXu8kNzSx7x5hRza78b1bmdCmM2LBr451FfVqwIgeGmetqD+o/tlw/OeJW3I9MyuhcGLcSOo4koDcjyIJNg=';
const leafOf = (i: number) => slipLeaf(i, String(i).repeat(64));

describe('transparency log checks in the browser', () => {
  it('follows RFC 6962 inclusion proofs (RFC 9162 verification) to the test roots', async () => {
    const leaf5 = await leafHash(hex('40414243'));
    expect(toHex(await rootFromInclusionProof(5, 8, leaf5, PROOF_5_8.map(hex)))).toBe(ROOT8);
    expect(
      toHex(
        await rootFromInclusionProof(2, 3, await leafHash(hex('10')), [
          hex('fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125'),
        ]),
      ),
    ).toBe('aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77');
    expect(toHex(await rootFromInclusionProof(4, 8, leaf5, PROOF_5_8.map(hex)))).not.toBe(ROOT8);
    expect(await rootFromInclusionProof(8, 8, leaf5, PROOF_5_8.map(hex))).toBeNull();
    expect(await rootFromInclusionProof(5, 8, leaf5, [...PROOF_5_8, ROOT8].map(hex))).toBeNull();
  });

  it("verifies the C2SP signed note of Go's sumdb/note example and the log's checkpoint", async () => {
    const text =
      "If you think cryptography is the answer to your problem,\nthen you don't know what your problem is.\n";
    const note = `${text}\n\u2014 PeterNeumann x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n`;
    const peter = fromBase64('ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW').slice(1);
    expect(
      await verifyCheckpointSignature(
        note.replace('cryptography', 'cryptographY'),
        'PeterNeumann',
        peter,
      ),
    ).toBe(false);
    expect(
      await verifyCheckpointSignature(NOTE, 'localhost/tipske-log', fromBase64(PUBLIC_KEY)),
    ).toBe(true);
    expect(
      await verifyCheckpointSignature(
        NOTE.replace('\n3\n', '\n4\n'),
        'localhost/tipske-log',
        fromBase64(PUBLIC_KEY),
      ),
    ).toBe(false);
    expect(await verifyCheckpointSignature(NOTE, 'other/log', fromBase64(PUBLIC_KEY))).toBe(false);
    expect(parseSignedCheckpoint(NOTE).checkpoint.size).toBe(3);
  });

  it('checks an RFC 3161 token: imprint over the checkpoint and CMS signature', async () => {
    const ok = await verifyTimestampToken(fromBase64(TOKEN), utf8(NOTE));
    expect(ok).toMatchObject({
      imprintMatches: true,
      signatureValid: true,
      signer: 'TipsKE sandbox TSA',
    });
    expect(ok.genTime?.toISOString()).toBe('2026-11-23T09:00:00.000Z');
    expect((await verifyTimestampToken(fromBase64(TOKEN), utf8(`${NOTE} `))).imprintMatches).toBe(
      false,
    );
    expect((await verifyTimestampToken(fromBase64('AAAA'), utf8(NOTE))).signatureValid).toBe(false);
  });

  it('gives the four /verify results for a slip of the log, and says which one fails', async () => {
    const hashes = await Promise.all([1, 2, 3].map((i) => leafHash(utf8(leafOf(i)))));
    const b64 = (b: Uint8Array) => btoa(String.fromCharCode(...b));
    const evidence: LogEvidence = {
      proof: {
        leaf_index: 2,
        tree_size: 3,
        slip_id: 3,
        leaf: leafOf(3),
        leaf_hash: b64(hashes[2]),
        // Leaf 2 of 3: its sibling is the hash of leaves 0 and 1.
        hashes: [
          b64(
            new Uint8Array(
              await crypto.subtle.digest(
                'SHA-256',
                new Uint8Array([1, ...hashes[0], ...hashes[1]]),
              ),
            ),
          ),
        ],
        tree_head: {
          checkpoint: NOTE,
          root_hash: '',
          tree_size: 3,
          timestamp: { token: TOKEN, gen_time: null },
        },
      },
      key: { origin: 'localhost/tipske-log', public_key: PUBLIC_KEY, key_id: 'cc63115c' },
    };
    const good = await checkLogEvidence(3, '3'.repeat(64), evidence);
    expect(good.checks.map((c) => [c.label, c.ok])).toEqual([
      ['Log entry', true],
      ['Inclusion proof', true],
      ['Tree head signature', true],
      ['Timestamp', true],
    ]);
    expect(good.genTime?.toISOString()).toBe('2026-11-23T09:00:00.000Z');
    // Given the first kick-off: the token's genTime (2026-11-23 09:00 UTC) must come before it.
    const early = await checkLogEvidence(
      3,
      '3'.repeat(64),
      evidence,
      new Date('2026-11-23T15:00:00Z'),
    );
    expect(early.checks[4]).toMatchObject({ label: 'Before kick-off', ok: true });
    const late = await checkLogEvidence(
      3,
      '3'.repeat(64),
      evidence,
      new Date('2026-11-23T08:00:00Z'),
    );
    expect(late.checks[4]).toMatchObject({ label: 'Before kick-off', ok: false, warning: true });
    const otherCommitment = await checkLogEvidence(3, '4'.repeat(64), evidence);
    expect(otherCommitment.checks[0]).toMatchObject({ ok: false });
    const noToken = await checkLogEvidence(3, '3'.repeat(64), {
      ...evidence,
      proof: { ...evidence.proof, tree_head: { ...evidence.proof.tree_head!, timestamp: null } },
    });
    expect(noToken.checks[3]).toMatchObject({
      ok: false,
      detail: expect.stringContaining('not time-stamped yet'),
    });
  });
});
