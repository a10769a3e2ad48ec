import {
  checkpointText,
  parseCheckpoint,
  parseNote,
  parseSignerKey,
  parseVerifierKey,
  signNote,
  verifierKey,
  verifyNote,
} from './signed-note';

// The example key and note of Go's golang.org/x/mod/sumdb/note (note_test.go): Ed25519 is
// deterministic, so signing the text must give the published note byte for byte.
const SKEY = 'PRIVATE+KEY+PeterNeumann+c74f20a3+AYEKFALVFGyNhPJEMzD1QIDr+Y7hfZx09iUvxdXHKDFz';
const VKEY = 'PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW';
const TEXT =
  "If you think cryptography is the answer to your problem,\nthen you don't know what your problem is.\n";
const NOTE = `${TEXT}\n\u2014 PeterNeumann x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n`;

describe('signed notes (C2SP signed-note, Go sumdb/note keys)', () => {
  it('signs and verifies the reference note byte for byte', () => {
    const signer = parseSignerKey(SKEY);
    expect(verifierKey(signer)).toBe(VKEY);
    expect(signNote(TEXT, signer)).toBe(NOTE);
    expect(verifyNote(NOTE, parseVerifierKey(VKEY))).toBe(true);
    expect(parseNote(NOTE).text).toBe(TEXT);
  });

  it('refuses a changed text, another key name or id, and malformed notes', () => {
    const v = parseVerifierKey(VKEY);
    expect(verifyNote(NOTE.replace('cryptography', 'cryptographY'), v)).toBe(false);
    expect(verifyNote(NOTE, { ...v, name: 'Other' })).toBe(false);
    expect(verifyNote(NOTE, { ...v, keyId: Buffer.from('00000000', 'hex') })).toBe(false);
    expect(verifyNote(TEXT, v)).toBe(false);
    expect(verifyNote(`${TEXT}\n\u2014 PeterNeumann !!\n`, v)).toBe(false);
  });

  it('refuses malformed or mismatched keys with a message', () => {
    expect(() =>
      parseSignerKey(
        'PRIVATE+KEY+PeterNeumann+c74f20a4+AYEKFALVFGyNhPJEMzD1QIDr+Y7hfZx09iUvxdXHKDFz',
      ),
    ).toThrow('does not match');
    expect(() => parseSignerKey('dev-only-secret')).toThrow('PRIVATE+KEY');
    expect(() => parseSignerKey('PRIVATE+KEY+Peter Neumann+c74f20a3+AYEK')).toThrow('key name');
    expect(() =>
      parseVerifierKey('PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TX'),
    ).toThrow();
  });

  it('writes and reads checkpoints', () => {
    const root = Buffer.from(
      '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
      'hex',
    );
    const text = checkpointText({ origin: 'example.com/log', size: 8, root });
    expect(text).toBe('example.com/log\n8\nXcnaeacGWamtVZy3Ad7ZoqudgjqtL0lgz+Nw7/RgQyg=\n');
    expect(parseCheckpoint(text)).toEqual({ origin: 'example.com/log', size: 8, root });
    expect(parseCheckpoint(`${text}extension line\n`).size).toBe(8);
    for (const bad of [
      'example.com/log\n08\nXcnaeacGWamtVZy3Ad7ZoqudgjqtL0lgz+Nw7/RgQyg=\n',
      '\n8\nXcna\n',
      'example.com/log\n8\n',
    ]) {
      expect(() => parseCheckpoint(bad)).toThrow();
    }
  });
});
