import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KeyError, PaysigError } from '../errors/index.js';
import { formatPem, MAX_PEM_LENGTH, parsePem } from './pem.js';
import { rsaKeyBits } from './decode.js';

const KEYS = new URL('../../vectors/keys/', import.meta.url);
const pemOf = (name: string): string => readFileSync(new URL(`test-only-${name}.pem`, KEYS), 'utf8');
const PUB = pemOf('rsa-2048-spki');
/** Body bytes decoded by Node, independent of paysig's Base64. */
const nodeDer = (pem: string): string => Buffer.from(pem.replace(/-----[^-]+-----/g, ''), 'base64').toString('hex');
const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');

function refusal(text: string): string {
  try {
    parsePem(text);
  } catch (e) {
    expect(e).toBeInstanceOf(KeyError);
    return (e as KeyError).message;
  }
  throw new Error('expected parsePem to refuse');
}

describe('parsePem', () => {
  it('decodes each of the four labels to the bytes Node decodes', () => {
    const files: Array<[string, string]> = [
      ['rsa-2048-pkcs8', 'PRIVATE KEY'],
      ['rsa-2048-pkcs1', 'RSA PRIVATE KEY'],
      ['rsa-2048-spki', 'PUBLIC KEY'],
      ['rsa-2048-pkcs1-public', 'RSA PUBLIC KEY'],
    ];
    for (const [file, label] of files) {
      const pem = pemOf(file);
      const got = parsePem(pem);
      expect(got.label).toBe(label);
      expect(hex(got.der)).toBe(nodeDer(pem));
    }
  });

  it('accepts CRLF, surrounding whitespace, indentation and a one-line body', () => {
    const want = nodeDer(PUB);
    const variants = [
      PUB.replace(/\n/g, '\r\n'),
      `\n\n  ${PUB}\n\t \n`,
      PUB.replace(/\n(?=[A-Za-z0-9+/=])/g, '\n    '),
      PUB.replace(/\n(?!-----END)/g, '').replace('-----END', '\n-----END'),
      PUB.trimEnd(),
    ];
    for (const v of variants) expect(hex(parsePem(v).der)).toBe(want);
  });

  it('refuses encrypted keys with the documented message', () => {
    for (const f of ['rsa-2048-encrypted-pkcs1', 'rsa-2048-encrypted-pkcs8']) {
      expect(refusal(pemOf(f))).toBe('encrypted PEM is not supported; decrypt it first');
    }
  });

  it('refuses text outside the armour, several blocks and mismatched labels', () => {
    expect(refusal(`key: ${PUB}`)).toMatch(/before its BEGIN/);
    expect(refusal(`${PUB}trailing`)).toMatch(/after its END/);
    expect(refusal(PUB + PUB)).toMatch(/several PEM blocks/);
    expect(refusal(PUB.replace('-----END PUBLIC KEY', '-----END RSA PUBLIC KEY'))).toMatch(/END line does not match/);
    expect(refusal(PUB.replace('-----END PUBLIC KEY-----', ''))).toMatch(/no END line/);
    expect(refusal('MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA')).toMatch(/not PEM/);
    expect(refusal('')).toMatch(/not PEM/);
    const nested = PUB.replace('\n', '\n-----BEGIN PUBLIC KEY-----\n');
    expect(refusal(nested)).toMatch(/another armour line|END line/);
  });

  it('refuses unknown, non-RSA and malformed labels', () => {
    expect(refusal(PUB.replace(/PUBLIC KEY/g, 'CERTIFICATE'))).toMatch(/certificate/);
    expect(refusal(PUB.replace(/PUBLIC KEY/g, 'EC PRIVATE KEY'))).toMatch(/EC key/);
    expect(refusal(PUB.replace(/PUBLIC KEY/g, 'X509 CRL'))).toMatch(/unsupported PEM label "X509 CRL"/);
    expect(refusal(PUB.replace(/PUBLIC KEY/g, 'public key'))).toMatch(/malformed label/);
  });

  it('refuses garbage in the body, headers, bad Base64 and an empty body', () => {
    const lines = PUB.split('\n');
    const withLine = (line: string) => [lines[0], line, ...lines.slice(1)].join('\n');
    expect(refusal(withLine('Comment: hello'))).toMatch(/header lines/);
    expect(refusal(withLine('\u00e9'))).toMatch(/neither Base64 nor whitespace/);
    expect(refusal(PUB.replace(/\n/g, '\\n'))).toMatch(/literal "\\n"/);
    expect(refusal(PUB.replace('MII', 'MI'))).toMatch(/not valid Base64/);
    expect(refusal(PUB.replace('MII', '=MII'))).toMatch(/not valid Base64/);
    expect(refusal('-----BEGIN PUBLIC KEY-----\n\n-----END PUBLIC KEY-----\n')).toMatch(/empty/);
  });

  it('keeps the Base64 error as the cause', () => {
    let error: unknown;
    try {
      parsePem(PUB.replace('MII', 'MI'));
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ code: 'ERR_KEY_INVALID', message: 'PEM "PUBLIC KEY" body is not valid Base64' });
    expect((error as Error).cause).toMatchObject({ code: 'ERR_ENCODING' });
  });

  it('names the likely mistake: an encryption header without a space, a backslash', () => {
    const lines = PUB.split('\n');
    const withLine = (line: string) => [lines[0], line, ...lines.slice(1)].join('\n');
    for (const header of ['Proc-Type:4,ENCRYPTED', 'Proc-Type: \t 4,ENCRYPTED']) {
      expect(refusal(withLine(header)), header).toBe('encrypted PEM is not supported; decrypt it first');
    }
    expect(refusal(PUB.replace('\n', '\\\n'))).toBe(
      'PEM "PUBLIC KEY" body contains a backslash: were newlines written as "\\n"? Replace them with real line breaks',
    );
  });

  it('recognises an OpenSSH public key line, indented or not, of each key type', () => {
    const openssh =
      'key is an OpenSSH public key (ssh-rsa ...), not PEM: convert it with `ssh-keygen -e -m PKCS8 -f key.pub`, which prints BEGIN PUBLIC KEY';
    for (const line of [
      'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQ merchant@example',
      '  ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQ',
      '\n\t ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI',
      'ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTY',
      ' ecdsa-sha2-nistp521 AAAAE2VjZHNhLXNoYTItbmlzdHA1MjE',
    ]) {
      expect(refusal(line), JSON.stringify(line)).toBe(openssh);
    }
  });

  it('takes text that only contains an OpenSSH key type, or a bare type name, for text that is not PEM', () => {
    const notPem = 'key is not PEM: no "-----BEGIN ...-----" line found';
    for (const text of [
      'my key: ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQ',
      'xssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQ',
      'not-ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI',
      'ecdsa-sha2- AAAAE2VjZHNhLXNoYTItbmlzdHAyNTY',
      'ssh-rsa',
      'ssh-rsaAAAAB3NzaC1yc2E',
    ]) {
      expect(refusal(text), JSON.stringify(text)).toBe(notPem);
    }
  });

  it('refuses oversized input and non-strings', () => {
    expect(refusal(PUB + ' '.repeat(MAX_PEM_LENGTH))).toMatch(/at most 65536/);
    expect(() => parsePem(42 as unknown as string)).toThrow(KeyError);
    expect(refusal(42 as unknown as string)).toBe('key must be a PEM string or a CryptoKey');
  });

  it('accepts exactly 65536 characters and refuses one more', () => {
    const full = PUB + ' '.repeat(65536 - PUB.length);
    expect(full).toHaveLength(65536);
    expect(hex(parsePem(full).der)).toBe(nodeDer(PUB));
    expect(refusal(`${full} `)).toBe('PEM key text is 65537 characters long: at most 65536 are accepted');
  });

  it('refuses a BEGIN line without closing dashes or with a label over 40 characters, without echoing it', () => {
    const relabel = (label: string) => PUB.replace(/PUBLIC KEY/g, label);
    expect(refusal('-----BEGIN PUBLIC KEY\nMIIB\n')).toBe('PEM BEGIN line is malformed');
    expect(refusal(relabel('A'.repeat(41)))).toBe('PEM BEGIN line is malformed');
    // 40 characters is still a label: it is shown, as unsupported
    expect(refusal(relabel('A'.repeat(40)))).toBe(
      `unsupported PEM label "${'A'.repeat(40)}": expected PRIVATE KEY, RSA PRIVATE KEY, PUBLIC KEY or RSA PUBLIC KEY`,
    );
    // a label with a bad character anywhere is neither accepted nor shown
    for (const label of ['x PUBLIC KEY', 'PUBLIC KEY x', 'PUBLIC\u00a0KEY']) {
      expect(refusal(relabel(label)), label).toBe('PEM BEGIN line has a malformed label');
    }
  });

  it('only ever throws PaysigError on random and mutated text', () => {
    const check = (text: string) => {
      try {
        parsePem(text);
      } catch (e) {
        if (!(e instanceof PaysigError)) throw e;
      }
    };
    fc.assert(fc.property(fc.string({ maxLength: 400 }), check), { numRuns: 500 });
    fc.assert(
      fc.property(
        fc.nat({ max: PUB.length - 1 }),
        fc.nat({ max: PUB.length }),
        fc.string({ maxLength: 3 }),
        (i, j, s) => {
          check(PUB.slice(0, i) + s + PUB.slice(i + 1));
          check(PUB.slice(0, Math.min(i, j)) + PUB.slice(Math.max(i, j)));
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('formatPem', () => {
  it('writes 64-character lines and a trailing newline, readable by parsePem and Node', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 400 }), (der) => {
        const pem = formatPem('PUBLIC KEY', der);
        const lines = pem.split('\n');
        expect(lines[0]).toBe('-----BEGIN PUBLIC KEY-----');
        expect(lines.at(-2)).toBe('-----END PUBLIC KEY-----');
        expect(lines.at(-1)).toBe('');
        const body = lines.slice(1, -2);
        for (const l of body.slice(0, -1)) expect(l.length).toBe(64);
        expect(body.at(-1)!.length).toBeGreaterThan(0);
        expect(body.at(-1)!.length).toBeLessThanOrEqual(64);
        expect(body.join('')).toBe(Buffer.from(der).toString('base64'));
        expect(hex(parsePem(pem).der)).toBe(hex(der));
      }),
      { numRuns: 200 },
    );
  });

  it('reproduces the openssl-written test key files exactly', () => {
    for (const f of ['rsa-2048-pkcs8', 'rsa-4096-pkcs1', 'rsa-2048-spki', 'rsa-4096-pkcs1-public']) {
      const pem = pemOf(f);
      const parsed = parsePem(pem);
      expect(formatPem(parsed.label, parsed.der)).toBe(pem);
    }
  });
});

describe('rsaKeyBits', () => {
  it('reads 1024, 2048 and 4096 from every form and refuses EC and encrypted keys', () => {
    for (const bits of [1024, 2048, 4096]) {
      for (const form of ['pkcs1', 'pkcs8', 'spki', 'pkcs1-public'])
        expect(rsaKeyBits(pemOf(`rsa-${bits}-${form}`))).toBe(bits);
    }
    for (const f of ['ec-p256-pkcs8', 'ec-p256-spki', 'rsa-2048-encrypted-pkcs1', 'rsa-2048-encrypted-pkcs8']) {
      expect(() => rsaKeyBits(pemOf(f))).toThrow(expect.objectContaining({ code: 'ERR_KEY_INVALID' }));
    }
  });
});
