import zlib from 'node:zlib';
import fc from 'fast-check';

/**
 * Generators of bad input for the endpoint fuzz test: text an attacker types, JSON of the
 * wrong shape, bodies that do not match their Content-Type, URLs with broken escapes and
 * multipart forms that lie. Each generator mixes near-valid values (so the input gets past
 * the first check and reaches the database) with plainly wrong ones.
 */

/** Single characters that break naive code: NUL and other controls, lone surrogates, odd Unicode. */
export const awkwardCharacter: fc.Arbitrary<string> = fc.oneof(
  // NUL most of all: PostgreSQL refuses it in text, SQLite stores it.
  { weight: 4, arbitrary: fc.constant('\u0000') },
  { weight: 2, arbitrary: fc.integer({ min: 1, max: 0x1f }).map((code) => String.fromCharCode(code)) },
  { weight: 1, arbitrary: fc.constantFrom('\u007f', '\u0085', '\u00a0', '\u200b', '\u2028', '\u2029', '\u202e', '\ufeff', '\ufffe', '\uffff') },
  // Lone surrogates: valid in a JS string and in JSON's \u escapes, not in UTF-8.
  { weight: 2, arbitrary: fc.constantFrom('\ud800', '\udbff', '\udc00', '\udfff', '\ud83d') },
  { weight: 1, arbitrary: fc.constantFrom('😀', '🚛', '👩‍👩‍👧', 'é', 'e\u0301', 'ß', 'İ', 'ﬀ', '中', '\u0627\u0644') },
);

/** Whole strings that meant trouble somewhere once. */
const knownTroublemaker = fc.constantFrom(
  '',
  ' ',
  '\t\n\r',
  'null',
  'undefined',
  'NaN',
  'true',
  '0',
  '-1',
  '1e309',
  '__proto__',
  'constructor',
  'toString',
  "' OR '1'='1' --",
  '"; DROP TABLE leads; --',
  '\\',
  '%',
  '%00',
  '%ZZ',
  '%E0%A4%A',
  '%ED%A0%80',
  '${7*7}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '\r\nSet-Cookie: injected=1',
  '=SUM(1+1)',
  '@SUM(1+1)',
  'ACME;@SUM(1+1)',
  '+1-2',
  'file:///etc/passwd',
  'javascript:alert(1)',
  '//evil.example',
  'http://169.254.169.254/latest/meta-data',
  'glossary',
  'all',
  'spec-sheets',
);

/** Text built from plain, awkward and troublesome pieces. */
export const nastyText: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      { weight: 3, arbitrary: fc.string({ maxLength: 12 }) },
      { weight: 3, arbitrary: awkwardCharacter },
      { weight: 2, arbitrary: knownTroublemaker },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) },
    ),
    { maxLength: 6 },
  )
  .map((pieces) => pieces.join(''));

/** Long text: around the usual limits (100, 5,000, 64 kB) and far past them. */
export const hugeText: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(101, 201, 2001, 5001, 70_000, 300_000), fc.constantFrom('a', 'é', '😀', '\u0000', ' ', '%'))
  .map(([length, unit]) => unit.repeat(length));

export const anyText: fc.Arbitrary<string> = fc.oneof({ weight: 8, arbitrary: nastyText }, { weight: 1, arbitrary: hugeText });

/** A valid value with something awkward inserted, so it passes the shape checks and reaches the database. */
export function spoiled(valid: string): fc.Arbitrary<string> {
  return fc
    .tuple(fc.nat({ max: valid.length }), fc.oneof({ weight: 3, arbitrary: awkwardCharacter }, { weight: 1, arbitrary: knownTroublemaker }, { weight: 1, arbitrary: nastyText }))
    .map(([at, insert]) => valid.slice(0, at) + insert + valid.slice(at));
}

/** Any JSON value, deep or wide, including numbers that are not integers and huge arrays. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(1e308, -0, 0.5, 2 ** 53 + 1, [], {}, [null], { length: 1 }) },
  { weight: 1, arbitrary: fc.array(nastyText, { maxLength: 60 }) },
);

/** A value for a field: usually near valid (possibly spoiled), sometimes of the wrong type. */
export function fieldValue(valid: fc.Arbitrary<string>): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 8, arbitrary: valid },
    { weight: 4, arbitrary: valid.chain(spoiled) },
    { weight: 2, arbitrary: anyText },
    { weight: 1, arbitrary: anyJson },
  );
}

/**
 * An object with the given fields, at one of three levels of damage: all valid (the write
 * path runs: database, redirects, e-mail outbox), one field wrong or missing (its own check
 * runs), or every field generated freely. Sometimes with extra keys, prototype keys included.
 */
export function fuzzObject(fields: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<Record<string, unknown>> {
  const names = Object.keys(fields);
  const valid = fc.record(fields);
  const chaotic: Record<string, fc.Arbitrary<unknown>> = {};
  // A field is missing one time in eight: often enough to test it, rarely enough that whole valid objects occur.
  for (const [name, value] of Object.entries(fields)) chaotic[name] = fc.option(fieldValue(value), { freq: 8, nil: MISSING });
  // One field spoiled (usually a valid value with one awkward character in it: NUL in a name), replaced or left out.
  const oneWrong = fc
    .tuple(valid, fc.constantFrom(...names), fc.oneof({ weight: 3, arbitrary: fc.constant('spoil' as const) }, { weight: 2, arbitrary: fc.oneof(anyText, anyJson, fc.constant(MISSING)) }))
    .chain(([object, name, wrong]) =>
      (wrong === 'spoil' ? spoiled(String(object[name])) : fc.constant<unknown>(wrong)).map((value): Record<string, unknown> => ({ ...object, [name]: value })),
    );
  const extras = fc.dictionary(fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'id'), nastyText), anyJson, {
    maxKeys: 3,
  });
  return fc
    .tuple(
      fc.oneof({ weight: 3, arbitrary: valid }, { weight: 4, arbitrary: oneWrong }, { weight: 3, arbitrary: fc.record(chaotic) }),
      // Extra keys one time in six (fc.option's freq is the odds of the nil value, not of the value).
      fc.oneof({ weight: 5, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: extras }),
    )
    .map(([generated, extra]) => {
      const known = Object.fromEntries(Object.entries(generated).filter(([, value]) => value !== MISSING));
      return extra ? { ...Object.fromEntries(Object.entries(extra)), ...known } : known;
    });
}

const MISSING = Symbol('missing');

/** The kinds of body the encoders below write. */
export type BodyKind = 'json' | 'form' | 'multipart' | 'text' | 'binary';

export interface EncodedBody {
  kind: BodyKind;
  contentType: string | null;
  body: Buffer;
  /** Set when the body is compressed (or claims to be). */
  contentEncoding?: string;
}

/** Percent-encodes every byte of the UTF-8 form (lone surrogates become U+FFFD, as a browser sends them). */
export function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a) || byte === 0x2d || byte === 0x2e || byte === 0x5f
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

/** Escapes a browser would never send: broken, overlong, surrogate halves, raw `%`. */
export const brokenEscape: fc.Arbitrary<string> = fc.constantFrom('%', '%Z', '%ZZ', '%G0', '%E0%A4%A', '%ED%A0%80', '%C0%AE', '%FF', '%00', '%%', '%u0041', '%2', '%E2%82');

/** A query-string value or path segment: percent-encoded text, or text with broken escapes in it. */
export const urlPiece: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: anyText.map(percentEncode) },
  { weight: 2, arbitrary: fc.tuple(nastyText.map(percentEncode), brokenEscape, nastyText.map(percentEncode)).map((parts) => parts.join('')) },
  // Characters that are fine in a URL but mean something to a parser.
  { weight: 1, arbitrary: fc.constantFrom('a+b', '..', '.', '~', '!', "'", '(', ')', '*', '[]', '[0]', ':', '@', ';', ',', '$') },
);

/** A query string over the given parameter names: repeated, bracketed, empty, broken. */
export function queryString(names: readonly string[]): fc.Arbitrary<string> {
  const name = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...names) },
    { weight: 1, arbitrary: fc.constantFrom(...names).map((known) => `${known}[]`) },
    { weight: 1, arbitrary: fc.constantFrom(...names).map((known) => `${known}[a][b]`) },
    { weight: 1, arbitrary: urlPiece },
  );
  const pair = fc.oneof(
    { weight: 8, arbitrary: fc.tuple(name, urlPiece).map(([key, value]) => `${key}=${value}`) },
    { weight: 1, arbitrary: name },
    { weight: 1, arbitrary: fc.constantFrom('=', '&', '==', '=x', '&&') },
  );
  return fc.array(pair, { maxLength: 5 }).map((pairs) => (pairs.length ? `?${pairs.join('&')}` : ''));
}

function urlEncodedForm(object: Record<string, unknown>): string {
  return Object.entries(object)
    .map(([key, value]) => `${percentEncode(key)}=${percentEncode(typeof value === 'string' ? value : JSON.stringify(value) ?? '')}`)
    .join('&');
}

/** Text that is almost JSON, or JSON nobody should send. */
const malformedJson: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('{', '{"a":', '{"a":1,}', "{'a':1}", '[1,2', 'NaN', '{"a":undefined}', '\ufeff{}', '{"a":"\\ud800"}', '{"a":"\\u0000"}', '{"__proto__":{"admin":true}}', ''),
  fc.nat({ max: 20_000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
  fc.nat({ max: 5_000 }).map((depth) => `{"term":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`),
  fc.jsonValue().map((value) => JSON.stringify(value).slice(0, -1)),
);

/** The Content-Type sent with a body: its own, or one that lies, or none. */
export function contentTypeFor(own: string | null): fc.Arbitrary<string | null> {
  return fc.oneof(
    { weight: 20, arbitrary: fc.constant(own) },
    {
      weight: 3,
      arbitrary: fc.constantFrom<string | null>(
        null,
        '',
        'application/json',
        'APPLICATION/JSON; charset=UTF-8',
        'application/json; charset=latin1',
        'application/json; charset=utf-16',
        'application/json; charset=bogus',
        'application/x-www-form-urlencoded',
        'application/x-www-form-urlencoded; charset=iso-8859-1',
        'multipart/form-data',
        'multipart/form-data; boundary=',
        'multipart/form-data; boundary=nothing-like-the-body',
        'text/plain',
        'text/html',
        'application/xml',
        'application/vnd.api+json',
        '*/*',
        'application/json, text/plain',
        ';;;',
        'a/b/c',
      ),
    },
  );
}

/** A body made from an object, in the encoding the endpoint expects or another one. */
export function encodedBody(object: fc.Arbitrary<unknown>, preferred: 'json' | 'form'): fc.Arbitrary<EncodedBody> {
  const asJson = object.map((value): EncodedBody => ({ kind: 'json', contentType: 'application/json', body: Buffer.from(JSON.stringify(value) ?? 'null') }));
  const asForm = object.map(
    (value): EncodedBody => ({
      kind: 'form',
      contentType: 'application/x-www-form-urlencoded',
      body: Buffer.from(value && typeof value === 'object' && !Array.isArray(value) ? urlEncodedForm(value as Record<string, unknown>) : String(value)),
    }),
  );
  const brokenForm = fc
    .tuple(fc.array(fc.tuple(urlPiece, fc.oneof(urlPiece, brokenEscape)), { maxLength: 6 }), fc.constantFrom('&', ';', '&&'))
    .map(([pairs, separator]): EncodedBody => ({
      kind: 'form',
      contentType: 'application/x-www-form-urlencoded',
      body: Buffer.from(pairs.map(([key, value]) => `${key}=${value}`).join(separator)),
    }));
  const badJson = malformedJson.map((text): EncodedBody => ({ kind: 'json', contentType: 'application/json', body: Buffer.from(text) }));
  const rawBytes = fc.uint8Array({ maxLength: 2048 }).map((bytes): EncodedBody => ({ kind: 'binary', contentType: 'application/octet-stream', body: Buffer.from(bytes) }));
  const plainText = anyText.map((text): EncodedBody => ({ kind: 'text', contentType: 'text/plain', body: Buffer.from(text) }));
  // Invalid UTF-8 inside JSON strings: the decoder must not turn it into something worse.
  const invalidUtf8 = fc.constantFrom(Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0xaf, 0x22, 0x7d]), Buffer.from([0xed, 0xa0, 0x80]));
  const asBadUtf8 = invalidUtf8.map((body): EncodedBody => ({ kind: 'json', contentType: 'application/json', body }));

  const plain = fc.oneof(
    { weight: 24, arbitrary: preferred === 'json' ? asJson : asForm },
    { weight: 3, arbitrary: preferred === 'json' ? asForm : asJson },
    { weight: 2, arbitrary: brokenForm },
    { weight: 3, arbitrary: badJson },
    { weight: 1, arbitrary: fc.oneof(rawBytes, plainText, asBadUtf8) },
  );
  return fc
    .tuple(
      plain,
      contentTypeFor(null),
      fc.oneof({ weight: 20, arbitrary: fc.constant(null) }, { weight: 3, arbitrary: fc.constantFrom('gzip', 'gzip-garbage', 'deflate', 'br', 'identity', 'x-unknown') }),
    )
    .map(([encoded, otherType, encoding]) => {
      const lying = otherType !== null ? { ...encoded, contentType: otherType } : encoded;
      if (encoding === 'gzip') return { ...lying, body: zlib.gzipSync(lying.body), contentEncoding: 'gzip' };
      if (encoding === 'deflate') return { ...lying, body: zlib.deflateSync(lying.body), contentEncoding: 'deflate' };
      if (encoding === 'gzip-garbage') return { ...lying, contentEncoding: 'gzip' };
      return encoding ? { ...lying, contentEncoding: encoding } : lying;
    });
}

// ---------------------------------------------------------------- multipart

export interface MultipartPart {
  name: string;
  filename?: string;
  contentType?: string;
  /** Extra header lines of the part (odd dispositions, huge headers). */
  extraHeaders?: string[];
  data: Buffer;
}

/** A multipart/form-data body; `closed: false` leaves out the final boundary. */
export function multipartBody(boundary: string, parts: MultipartPart[], closed = true): Buffer {
  const pieces: Buffer[] = [];
  for (const part of parts) {
    const disposition = `Content-Disposition: form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    const headers = [disposition, ...(part.contentType ? [`Content-Type: ${part.contentType}`] : []), ...(part.extraHeaders ?? [])];
    pieces.push(Buffer.from(`--${boundary}\r\n${headers.join('\r\n')}\r\n\r\n`), part.data, Buffer.from('\r\n'));
  }
  if (closed) pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(pieces);
}

/** Boundaries: ordinary, odd but legal, and illegal (too long, quoted, empty). */
export const boundary: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.stringMatching(/^[A-Za-z0-9]{16,40}$/).map((tail) => `----fuzz${tail}`) },
  { weight: 1, arbitrary: fc.constantFrom('a', "'()+_,-./:=?", 'x'.repeat(70), 'x'.repeat(200), 'with space', '"quoted"', '--', 'é') },
);
