/**
 * Strict PEM armour (RFC 7468) for RSA keys: exactly one block, one of four known labels,
 * nothing but whitespace outside it, nothing but Base64 and whitespace inside it.
 *
 * Internal to paysig.
 *
 * @module
 */
import { fromBase64, toBase64 } from '../encoding/base64.js';
import { KeyError } from '../errors/index.js';

/** The PEM labels paysig reads and writes. */
export type PemLabel = 'PRIVATE KEY' | 'RSA PRIVATE KEY' | 'PUBLIC KEY' | 'RSA PUBLIC KEY';

/** A decoded PEM block. */
export interface Pem {
  /** The label of the BEGIN and END lines. */
  readonly label: PemLabel;
  /** The DER bytes of the body. */
  readonly der: Uint8Array;
}

/** Longest PEM text accepted, in UTF-16 units (a 16384-bit PKCS#1 private key is ~12.5 KiB). */
export const MAX_PEM_LENGTH = 64 * 1024;

const BEGIN = '-----BEGIN ';
const END = '-----END ';
const DASHES = '-----';

/** Why a label that is not one of the four is refused. */
const OTHER_LABELS: Record<string, string> = {
  'ENCRYPTED PRIVATE KEY': 'encrypted PEM is not supported; decrypt it first',
  'EC PRIVATE KEY': 'an EC key was given: only RSA keys can be used with RSA-SHA256',
  'DSA PRIVATE KEY': 'a DSA key was given: only RSA keys can be used with RSA-SHA256',
  'OPENSSH PRIVATE KEY': 'OpenSSH private key format is not supported: convert it to PKCS#8 (BEGIN PRIVATE KEY) first',
  CERTIFICATE: 'a certificate was given, not a key: extract its public key (BEGIN PUBLIC KEY) first',
};

/** Whitespace allowed around and inside the armour: space, tab, CR, LF. */
const SPACES = /[ \t\r\n]+/g;
/** The first character of a body that is neither Base64 nor such whitespace. */
const NOT_BODY = /[^A-Za-z0-9+/= \t\r\n]/;

function allSpace(text: string, from: number, to: number): boolean {
  return text.slice(from, to).replace(SPACES, '') === '';
}

/** A label is 1-40 characters of A-Z, 0-9, space and hyphen; anything else is not shown. */
function printableLabel(label: string): boolean {
  return /^[A-Z0-9 -]{1,40}$/.test(label);
}

/**
 * Decodes one PEM block. Refuses: non-strings, over-long input, text outside the armour other
 * than whitespace, several blocks, unknown or mismatched labels, encrypted keys (PKCS#8
 * `ENCRYPTED PRIVATE KEY` or a `Proc-Type: 4,ENCRYPTED` header), any other header line, and any
 * non-Base64 character in the body. Every failure is a {@link KeyError}.
 */
export function parsePem(text: string): Pem {
  if (typeof text !== 'string') throw new KeyError('key must be a PEM string or a CryptoKey');
  if (text.length > MAX_PEM_LENGTH) {
    throw new KeyError(`PEM key text is ${text.length} characters long: at most ${MAX_PEM_LENGTH} are accepted`);
  }
  const begin = text.indexOf(BEGIN);
  if (begin < 0) {
    throw new KeyError(
      /^\s*(ssh-rsa|ssh-ed25519|ecdsa-sha2-\S+) /.test(text)
        ? 'key is an OpenSSH public key (ssh-rsa ...), not PEM: convert it with `ssh-keygen -e -m PKCS8 -f key.pub`, which prints BEGIN PUBLIC KEY'
        : 'key is not PEM: no "-----BEGIN ...-----" line found',
    );
  }
  if (!allSpace(text, 0, begin)) throw new KeyError('PEM key has text before its BEGIN line');
  if (text.includes('\\n')) {
    throw new KeyError('PEM key contains a literal "\\n": were newlines escaped? Replace them with real line breaks');
  }
  const labelStart = begin + BEGIN.length;
  const labelEnd = text.indexOf(DASHES, labelStart);
  if (labelEnd === -1 || labelEnd - labelStart > 40) throw new KeyError('PEM BEGIN line is malformed');
  const label = text.slice(labelStart, labelEnd);
  if (!printableLabel(label)) throw new KeyError('PEM BEGIN line has a malformed label');
  const bodyStart = labelEnd + DASHES.length;
  const end = text.indexOf(END, bodyStart);
  if (end === -1) throw new KeyError(`PEM "${label}" block has no END line`);
  const endLine = `${END}${label}${DASHES}`;
  if (!text.startsWith(endLine, end)) {
    throw new KeyError(`PEM END line does not match "-----BEGIN ${label}-----"`);
  }
  const after = end + endLine.length;
  if (!allSpace(text, after, text.length)) {
    throw new KeyError(
      text.includes(BEGIN, after)
        ? 'several PEM blocks in one key string: give exactly one key'
        : 'PEM key has text after its END line',
    );
  }
  const other = OTHER_LABELS[label];
  if (other !== undefined) throw new KeyError(other);
  if (label !== 'PRIVATE KEY' && label !== 'RSA PRIVATE KEY' && label !== 'PUBLIC KEY' && label !== 'RSA PUBLIC KEY') {
    throw new KeyError(
      `unsupported PEM label "${label}": expected PRIVATE KEY, RSA PRIVATE KEY, PUBLIC KEY or RSA PUBLIC KEY`,
    );
  }

  // Body: Base64 and whitespace only.
  const body = text.slice(bodyStart, end);
  const bad = NOT_BODY.exec(body);
  if (bad !== null) throw bodyError(body, label, bad[0].charCodeAt(0));
  const b64 = body.replace(SPACES, '');
  if (b64.length === 0) throw new KeyError(`PEM "${label}" block is empty`);
  let der: Uint8Array;
  try {
    der = fromBase64(b64);
  } catch (cause) {
    throw new KeyError(`PEM "${label}" body is not valid Base64`, { cause });
  }
  return { label, der };
}

function bodyError(body: string, label: string, c: number): KeyError {
  if (/Proc-Type:[ \t]*4,ENCRYPTED/.test(body)) return new KeyError('encrypted PEM is not supported; decrypt it first');
  if (body.includes(':')) {
    return new KeyError(`PEM "${label}" block has header lines ("Name: value"), which are not supported`);
  }
  if (c === 0x2d /* - */)
    return new KeyError(`PEM "${label}" block contains another armour line: give exactly one key`);
  if (c === 0x5c /* \ */) {
    return new KeyError(
      `PEM "${label}" body contains a backslash: were newlines written as "\\n"? Replace them with real line breaks`,
    );
  }
  return new KeyError(`PEM "${label}" body contains a character that is neither Base64 nor whitespace`);
}

/** PEM text of DER bytes: BEGIN line, Base64 in 64-character lines, END line, final newline. */
export function formatPem(label: PemLabel, der: Uint8Array): string {
  const b64 = toBase64(der);
  let out = `${BEGIN}${label}${DASHES}\n`;
  for (let i = 0; i < b64.length; i += 64) out += b64.slice(i, i + 64) + '\n';
  return `${out}${END}${label}${DASHES}\n`;
}
