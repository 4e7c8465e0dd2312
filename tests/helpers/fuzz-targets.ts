import fc from 'fast-check';
import { attachUrlImportSockets } from '../../server/api/url-import.ts';
import { DOCUMENT_CATEGORIES } from '../../domain/documents/rules.ts';
import { GLOSSARY_CATEGORIES } from '../../domain/glossary/term.ts';
import { SITE_CONTENT_KINDS } from '../../domain/site-content/types.ts';
import type { Ending, Framing } from './fuzz-http.ts';
import { responseHeader, responseText } from './fuzz-http.ts';
import {
  type EncodedBody,
  type MultipartPart,
  anyJson,
  anyText,
  boundary,
  brokenEscape,
  encodedBody,
  fieldValue,
  fuzzObject,
  multipartBody,
  nastyText,
  percentEncode,
  queryString,
  urlPiece,
} from './fuzz-inputs.ts';
import {
  type CaseRequest,
  FUZZ_METRICS_TOKEN,
  FUZZ_STATS,
  FuzzFailure,
  type FuzzSession,
  type OriginChoice,
  type Role,
  fuzzAdmin,
  fuzzParameters,
} from './fuzz-session.ts';

/**
 * The catalogue of what the fuzz test attacks: every endpoint of the API (docs/api.md, server/api/*.ts),
 * the page routes of app/routes.ts, the upload paths, and the paths nobody routed. Each
 * target is one fast-check property: a generator of cases and how to send one.
 */

export interface FuzzTarget {
  name: string;
  /** Cases for this target when FUZZ_RUNS is `base`. */
  runs(base: number): number;
  assert(session: FuzzSession, index: number, runs: number): Promise<void>;
}

function target<T>(name: string, arbitrary: fc.Arbitrary<T>, run: (session: FuzzSession, input: T) => Promise<void>, runs = (base: number) => base): FuzzTarget {
  return {
    name,
    runs,
    assert: async (session, index, count) => {
      const property = fc.asyncProperty(arbitrary, async (input) => {
        await session.runCase(async () => {
          await run(session, input);
          await session.checkAlive();
        });
      });
      try {
        await fc.assert(property, fuzzParameters<[T]>(index, count));
      } finally {
        const statistics = session.takeStatistics();
        if (FUZZ_STATS) console.log(`${name}\n${statistics}`);
      }
      session.throwRecordedFailures();
    },
  };
}

/** A target whose cases are single requests. */
function requests(name: string, arbitrary: fc.Arbitrary<CaseRequest>, runs?: (base: number) => number): FuzzTarget {
  return target(name, arbitrary, async (session, request) => void (await session.send(request)), runs);
}

// ------------------------------------------------------------------ who, from where, how framed

/** Admin-only endpoints mostly see the admin, so the cases get past the session check. */
const adminMostly: fc.Arbitrary<Role> = fc.oneof({ weight: 8, arbitrary: fc.constant<Role>('admin') }, { weight: 2, arbitrary: fc.constantFrom<Role>('visitor', 'forged') });
const anyone: fc.Arbitrary<Role> = fc.constantFrom<Role>('visitor', 'visitor', 'admin', 'admin', 'forged');
const visitorMostly: fc.Arbitrary<Role> = fc.constantFrom<Role>('visitor', 'visitor', 'visitor', 'admin', 'forged');

/** Writes mostly come from our own origin (or none, as curl sends), sometimes from elsewhere. */
const writeOrigin: fc.Arbitrary<OriginChoice> = fc.oneof(
  { weight: 14, arbitrary: fc.constant<OriginChoice>('same') },
  { weight: 2, arbitrary: fc.constant<OriginChoice>('none') },
  { weight: 2, arbitrary: fc.constantFrom<OriginChoice>('foreign', 'null', 'garbage', 'cross-site-fetch') },
);
const readOrigin: fc.Arbitrary<OriginChoice> = fc.constantFrom<OriginChoice>('none', 'none', 'none', 'same', 'foreign');

interface Frame {
  framing: Framing;
  ending: Ending;
  /** Where a cut body stops, as a share of its length. */
  cut: number;
}

/** Mostly whole bodies; sometimes chunked, or cut short and then half-closed or reset. */
const frame: fc.Arbitrary<Frame> = fc.oneof(
  { weight: 12, arbitrary: fc.constant<Frame>({ framing: 'content-length', ending: 'complete', cut: 1 }) },
  { weight: 2, arbitrary: fc.constant<Frame>({ framing: 'chunked', ending: 'complete', cut: 1 }) },
  {
    weight: 3,
    arbitrary: fc.record({
      framing: fc.constantFrom<Framing>('content-length', 'chunked'),
      ending: fc.constantFrom<Ending>('half-close', 'reset'),
      cut: fc.double({ min: 0, max: 0.999, noNaN: true }),
    }),
  },
);

/** Headers that test the HTTP layer itself: compression, proxies, huge or broken values. */
const oddHeaders: fc.Arbitrary<Array<[string, string]>> = fc.oneof(
  { weight: 40, arbitrary: fc.constant<Array<[string, string]>>([]) },
  { weight: 3, arbitrary: fc.constantFrom('gzip', 'br', 'deflate', 'gzip, deflate, br', 'identity;q=0, *;q=0', 'x'.repeat(200)).map((value): Array<[string, string]> => [['Accept-Encoding', value]]) },
  { weight: 1, arbitrary: fc.constantFrom('application/json', 'text/html', '*/*', 'image/webp', 'garbage', '').map((value): Array<[string, string]> => [['Accept', value]]) },
  { weight: 1, arbitrary: fc.constantFrom('1.2.3.4', 'unknown', '::1, 10.0.0.1', 'x'.repeat(300), '999.999.999.999').map((value): Array<[string, string]> => [['X-Forwarded-For', value]]) },
  { weight: 1, arbitrary: fc.constantFrom('100-continue', 'something-else').map((value): Array<[string, string]> => [['Expect', value]]) },
  // Beyond Node's 16 KB head limit: refused with 431 before any of our code runs.
  { weight: 1, arbitrary: fc.constant<Array<[string, string]>>([['X-Padding', 'a'.repeat(20_000)]]) },
  { weight: 1, arbitrary: fc.constant<Array<[string, string]>>(Array.from({ length: 150 }, (_, index): [string, string] => [`X-Many-${index}`, String(index)])) },
  // Bytes a header may not hold, and names that are not tokens.
  { weight: 1, arbitrary: fc.constantFrom<Array<[string, string]>>([['X-Bad', 'a\u0001b']], [['X-Nul', 'a\u0000b']], [['Bad Name', 'x']], [['X-Utf8', 'é😀']], [['Content-Length', 'abc']], [['Content-Length', '-1']]) },
);

/** A body from generated content, with the Content-Type / Content-Encoding headers it claims. */
function bodyHeaders(encoded: EncodedBody): Array<[string, string]> {
  return [
    ...(encoded.contentType !== null ? ([['Content-Type', encoded.contentType]] as Array<[string, string]>) : []),
    ...(encoded.contentEncoding ? ([['Content-Encoding', encoded.contentEncoding]] as Array<[string, string]>) : []),
  ];
}

interface WriteSpec {
  method: fc.Arbitrary<string>;
  target: fc.Arbitrary<string>;
  body: fc.Arbitrary<EncodedBody | null>;
  as: fc.Arbitrary<Role>;
  origin?: fc.Arbitrary<OriginChoice>;
  label: string;
}

/** A request with an optional generated body, framed one way or another. */
function request(spec: WriteSpec): fc.Arbitrary<CaseRequest> {
  return fc
    .record({
      method: spec.method,
      target: spec.target,
      body: spec.body,
      as: spec.as,
      origin: spec.origin ?? writeOrigin,
      frame,
      odd: oddHeaders,
    })
    .map(({ method, target, body, as, origin, frame, odd }): CaseRequest => {
      if (!body) return { method, target, headers: odd, as, origin, label: spec.label, ending: frame.ending === 'half-close' ? 'half-close' : 'complete' };
      return {
        method,
        target,
        headers: [...bodyHeaders(body), ...odd],
        body: body.body,
        framing: frame.framing,
        ending: frame.ending,
        cutAt: Math.floor(body.body.length * frame.cut),
        as,
        origin,
        label: spec.label,
      };
    });
}

// ------------------------------------------------------------------ values

const email = fc.constantFrom('ada@example.com', 'a.b+c@sub.example.co.uk', 'x@y.z');
const text = (...examples: string[]) => fc.constantFrom(...examples);

/** Route ids: real small ones, and everything that is not one. */
const id: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 12 }).map(String) },
  {
    weight: 3,
    arbitrary: fc.constantFrom('0', '-1', '2147483647', '2147483648', '99999999999', '1.5', '1e2', '0x1', '%201', '01', 'abc', 'null', '%00', '1%00', '..', '%2e%2e', '9'.repeat(400)),
  },
  { weight: 2, arbitrary: urlPiece },
);

const contactObject = fuzzObject({
  firstName: text('Ada', 'José', '李'),
  lastName: text('Lovelace', "O'Brien"),
  company: text('Analytical Engines', 'ACME, Inc.'),
  email,
  message: text('Please call me about LNG.', 'Line one\nline two\tand a tab'),
  // The hidden field a page's lead form action reads (the JSON API ignores it).
  leadForm: text('contact', 'demo', 'x'),
});

const demoObject = fuzzObject({
  name: text('Ada Lovelace'),
  phone: text('+1 (555) 010-0148', '555 010 0148 ext. 2'),
  email,
  company: text('Analytical Engines'),
  title: text('Engineer', ''),
  notes: text('Two trailers a week.', 'Line one\nline two'),
  demoKey: text('demo', 'R1lb', 'market'),
  leadForm: text('demo', 'contact'),
});

const loginObject = fuzzObject({
  username: text(fuzzAdmin.username, 'admin', 'FUZZ-ADMIN', ` ${fuzzAdmin.username} `),
  // Never the real password: a successful login with the shared cookie would end its session.
  password: text('wrong password, surely', 'x', fuzzAdmin.password.toUpperCase()),
  code: text('123456', '000000', '', '12345'),
});

const glossaryObject = fuzzObject({
  term: text('Boil-off gas', 'LNG'),
  definition: text('Vapour from LNG warming in storage.', 'Line one\nline two'),
  category: fc.constantFrom(...GLOSSARY_CATEGORIES),
  synonyms: text('BOG, boil off', ''),
  relatedTerms: text('LNG, Cryogenic', ''),
});

const imagePath = fc.uuid({ version: 4 }).chain((uuid) => fc.constantFrom('jpg', 'png', 'webp', 'gif').map((ext) => `/objects/images/${uuid}.${ext}`));

const documentObject = fc
  .tuple(
    fuzzObject({ title: text('Netback note'), description: text('A short note', ''), category: fc.constantFrom(...DOCUMENT_CATEGORIES) }),
    fc.option(fc.oneof(fc.array(fc.oneof(imagePath, fieldValue(imagePath)), { maxLength: 60 }), anyJson), { freq: 2 }),
  )
  .map(([fields, images]) => (images === null ? fields : { ...fields, carouselImages: images }));

const imageUrlObject = fuzzObject({
  imageURL: fc.oneof(
    fc.uuid({ version: 4 }).map((uuid) => `/api/objects/put/uploads/${uuid}`),
    fc.uuid({ version: 4 }).map((uuid) => `http://127.0.0.1/api/objects/put/uploads/${uuid}?expires=1&max=1&sig=x`),
    text('/api/objects/put/uploads/../../object-url.key', '/api/objects/put/images/x.png', 'uploads/%ZZ', '%ED%A0%80'),
  ),
});

const statusObject = fuzzObject({ status: text('pending', 'handled') });
/**
 * Webhook endpoints: every URL is one the server must refuse (inside addresses, other schemes),
 * so no case ever creates an endpoint and nothing is sent anywhere.
 */
const webhookObject = fc
  .tuple(
    fuzzObject({ url: text('http://10.0.0.1/hook', 'https://192.168.1.1/x', 'http://127.0.0.1:1/x', 'http://[::1]/', 'ftp://hooks.example/x', 'javascript:alert(1)', ''), description: text('CRM', '') }),
    fc.oneof(fc.array(fc.constantFrom('lead.contact_message.created', 'lead.status_changed', 'webhook.test', 'lead.deleted', ''), { maxLength: 4 }), anyJson),
    fc.oneof(fc.boolean(), anyJson),
  )
  .map(([object, events, enabled]) => ({ ...object, events, enabled }));

function json(object: fc.Arbitrary<unknown>): fc.Arbitrary<EncodedBody | null> {
  return encodedBody(object, 'json');
}

function withQuery(path: string, names: readonly string[]): fc.Arbitrary<string> {
  return queryString(names).map((query) => `${path}${query}`);
}

// ------------------------------------------------------------------ GET /api/search

/** What a search engine's query syntax would read as operators: quotes, prefixes, columns, NEAR, boolean words. */
const searchOperators = fc.constantFrom('"', '""', '*', '-', '+', '^', ':', '(', ')', 'AND', 'OR', 'NOT', 'NEAR(', 'title:', '{', '}', '\\', '%', '_', "'", '!', '&', '|', '<->', ':*');
const searchText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: nastyText },
  { weight: 3, arbitrary: fc.array(fc.oneof(searchOperators, fc.constantFrom('netback', 'lng', 'boil-off', 'netbak', 'a', '')), { maxLength: 8 }).map((parts) => parts.join(' ')) },
  { weight: 1, arbitrary: fc.nat({ max: 3000 }).map((length) => 'lng '.repeat(length)) },
);
/** The search endpoint: any query string, and queries built from nasty text and operators, sometimes with a kind or limit. */
const searchTarget: fc.Arbitrary<string> = fc.oneof(
  { weight: 1, arbitrary: withQuery('/api/search', ['q', 'kind', 'limit']) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(searchText, fc.constantFrom('', '', '&kind=faq', '&kind=document', '&limit=50', '&limit=1', '&kind=x'))
      .map(([text, rest]) => `/api/search?q=${percentEncode(text)}${rest}`),
  },
);

// ------------------------------------------------------------------ GET /metrics

/** Authorization values for /metrics: the token, near misses, other schemes, odd bytes, huge values. */
const metricsAuthorization: fc.Arbitrary<string | null> = fc.oneof(
  { weight: 3, arbitrary: fc.constant<string | null>(null) },
  { weight: 4, arbitrary: fc.constantFrom(`Bearer ${FUZZ_METRICS_TOKEN}`, `bearer ${FUZZ_METRICS_TOKEN}`, `Bearer  ${FUZZ_METRICS_TOKEN} `) },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      `Bearer ${FUZZ_METRICS_TOKEN}x`,
      `Bearer ${FUZZ_METRICS_TOKEN.slice(0, -1)}`,
      `Bearer ${FUZZ_METRICS_TOKEN.toUpperCase()}`,
      FUZZ_METRICS_TOKEN,
      `Basic ${Buffer.from(`metrics:${FUZZ_METRICS_TOKEN}`).toString('base64')}`,
      'Bearer',
      'Bearer ',
      `Bearer ${FUZZ_METRICS_TOKEN} extra`,
      `Bearer ${'a'.repeat(5000)}`,
    ),
  },
  { weight: 3, arbitrary: nastyText.map((text) => `Bearer ${text}`) },
  { weight: 1, arbitrary: anyText },
);

interface MetricsCase {
  method: string;
  target: string;
  authorization: string | null;
  odd: Array<[string, string]>;
}

const metricsCase: fc.Arbitrary<MetricsCase> = fc.record({
  method: fc.constantFrom('GET', 'GET', 'GET', 'HEAD', 'POST', 'DELETE', 'OPTIONS'),
  target: fc.oneof(
    { weight: 4, arbitrary: fc.constant('/metrics') },
    { weight: 2, arbitrary: withQuery('/metrics', ['name[]', 'format', 'x']) },
    { weight: 1, arbitrary: fc.constantFrom('/metrics/', '/METRICS', '/metrics.data', '/metrics%2F', '//metrics', '/metrics/..') },
    { weight: 1, arbitrary: urlPiece.map((tail) => `/metrics/${tail}`) },
  ),
  authorization: metricsAuthorization,
  odd: oddHeaders,
});

/**
 * /metrics under generated tokens, methods and paths (docs/operations.md, "Metrics"): besides the
 * session's checks (no 5xx, still alive), the figures go only to a GET or HEAD of /metrics with
 * the exact bearer token, and every refusal there is a 401 that asks for a bearer token and is never stored.
 */
async function metricsRequest(session: FuzzSession, input: MetricsCase): Promise<void> {
  const response = await session.send({
    method: input.method,
    target: input.target,
    headers: [...(input.authorization === null ? [] : ([['Authorization', input.authorization]] as Array<[string, string]>)), ...input.odd],
    as: 'visitor',
    origin: 'none',
    label: 'metrics',
  });
  const exact = /^bearer +([^ ]+) *$/i.exec(input.authorization ?? '')?.[1] === FUZZ_METRICS_TOKEN;
  const text = responseText(response);
  const figures = text.includes('# TYPE ') || /version=0\.0\.4/.test(responseHeader(response, 'content-type') ?? '');
  const describe = `${input.method} ${input.target} with Authorization ${JSON.stringify(input.authorization)}`;
  if (figures && !(exact && (input.method === 'GET' || input.method === 'HEAD'))) {
    throw new FuzzFailure('metrics without the token', `${describe} answered ${response.status} with the metrics`);
  }
  // The endpoint itself (Express routes ignore case and a trailing slash); other paths are pages.
  const endpoint = /^\/metrics\/?(\?|$)/i.test(input.target) && (input.method === 'GET' || input.method === 'HEAD');
  if (!endpoint) return;
  if (response.status === 401 && !/^Bearer\b/.test(responseHeader(response, 'www-authenticate') ?? '')) {
    throw new FuzzFailure('metrics 401 without WWW-Authenticate', `${describe} answered 401 without WWW-Authenticate: Bearer`);
  }
  if ((response.status === 200 || response.status === 401) && figures !== (response.status === 200)) {
    throw new FuzzFailure('metrics answer', `${describe} answered ${response.status} ${figures ? 'with' : 'without'} the figures`);
  }
  if ((figures || response.status === 401) && responseHeader(response, 'cache-control') !== 'private, no-store') {
    throw new FuzzFailure('metrics stored', `${describe} answered ${response.status} without Cache-Control: private, no-store`);
  }
}

// ------------------------------------------------------------------ files and multipart

/** A 1×1 PNG that decodes: passes both the type sniffing and sharp. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const pdfLike = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n% fuzz\n'), Buffer.alloc(size, 0x20), Buffer.from('\n%%EOF\n')]);

type FileKind = 'pdf' | 'png' | 'random' | 'empty' | 'text' | 'over-limit' | 'far-over-limit';
const fileBytes: fc.Arbitrary<{ kind: FileKind; data: Buffer }> = fc.oneof(
  { weight: 5, arbitrary: fc.integer({ min: 0, max: 20_000 }).map((size) => ({ kind: 'pdf' as const, data: pdfLike(size) })) },
  { weight: 2, arbitrary: fc.constant({ kind: 'png' as const, data: TINY_PNG }) },
  { weight: 2, arbitrary: fc.uint8Array({ maxLength: 5000 }).map((bytes) => ({ kind: 'random' as const, data: Buffer.from(bytes) })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'empty' as const, data: Buffer.alloc(0) }) },
  { weight: 1, arbitrary: anyText.map((value) => ({ kind: 'text' as const, data: Buffer.from(value) })) },
  // Just over UPLOAD_MAX_BYTES (256 kB): refused while streaming. Far over: refused from Content-Length.
  { weight: 1, arbitrary: fc.constant({ kind: 'over-limit' as const, data: pdfLike(300 * 1024) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'far-over-limit' as const, data: pdfLike(400 * 1024) }) },
);

const fileName = fc.oneof(
  { weight: 3, arbitrary: text('netback.pdf', 'photo.PNG', 'no-extension', '') },
  { weight: 2, arbitrary: nastyText.map((name) => name.replace(/["\r\n]/g, '')) },
  { weight: 1, arbitrary: text('..%2f..%2fetc%2fpasswd', '../../x.pdf', 'a\\b.pdf', 'x'.repeat(1000) + '.pdf') },
);

const textPart = (name: string, valid: fc.Arbitrary<string>): fc.Arbitrary<MultipartPart> =>
  fieldValue(valid).map((value) => ({ name, data: Buffer.from(typeof value === 'string' ? value : JSON.stringify(value) ?? '') }));

/** The form's four parts, each usually there, in a generated order, sometimes with extra parts. */
const uploadParts: fc.Arbitrary<MultipartPart[]> = fc
  .tuple(
    fc.option(textPart('title', text('Netback note', 'Brochure')), { freq: 10 }),
    fc.option(textPart('description', text('A short note', '')), { freq: 6 }),
    fc.option(textPart('category', fc.constantFrom(...DOCUMENT_CATEGORIES)), { freq: 10 }),
    fc.option(
      fc.record({
        file: fileBytes,
        name: fileName,
        type: fc.constantFrom<string | undefined>('application/pdf', 'application/pdf', 'image/png', 'application/octet-stream', undefined, 'text/html', 'x'.repeat(300)),
        field: fc.oneof({ weight: 10, arbitrary: fc.constant('file') }, { weight: 1, arbitrary: fc.constantFrom('files', 'title', '') }),
      }),
      { freq: 10 },
    ),
    // Extra parts one time in five.
    fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.array(fc.record({ name: fc.oneof(text('file', 'title', 'extra', ''), nastyText.map((name) => name.replace(/["\r\n]/g, ''))), data: anyText.map((value) => Buffer.from(value)) }), { minLength: 1, maxLength: 2 }) }),
  )
  .chain(([title, description, category, file, extras]) => {
    const filePart: MultipartPart | null = file && { name: file.field, filename: file.name, contentType: file.type, data: file.file.data };
    const parts = [title, description, category, filePart, ...(extras ?? [])].filter((part): part is MultipartPart => part !== null);
    // Browsers send the fields first; the server must cope with any order.
    return fc.oneof(fc.constant(parts), fc.shuffledSubarray(parts, { minLength: parts.length, maxLength: parts.length }));
  });

/** A well-formed multipart form (or nearly), with generated fields and file, framed every way. */
const uploadRequest: fc.Arbitrary<CaseRequest> = fc
  .record({
    boundary,
    parts: uploadParts,
    unclosed: fc.constantFrom(false, false, false, false, false, false, false, true),
    typeHeader: fc.oneof(
      { weight: 16, arbitrary: fc.constant('own' as const) },
      { weight: 1, arbitrary: fc.constantFrom('other' as const, 'missing' as const, 'no-boundary' as const, 'lying' as const) },
    ),
    as: adminMostly,
    origin: writeOrigin,
    frame,
    odd: oddHeaders,
  })
  .map(({ boundary: sep, parts, unclosed, typeHeader, as, origin, frame, odd }): CaseRequest => {
    const body = multipartBody(sep, parts, !unclosed);
    const contentType =
      typeHeader === 'own'
        ? `multipart/form-data; boundary=${sep}`
        : typeHeader === 'other'
          ? 'multipart/form-data; boundary=not-the-one-used'
          : typeHeader === 'no-boundary'
            ? 'multipart/form-data'
            : typeHeader === 'lying'
              ? 'application/json'
              : null;
    return {
      method: 'POST',
      target: '/api/documents/upload',
      headers: [...(contentType ? ([['Content-Type', contentType]] as Array<[string, string]>) : []), ...odd],
      body,
      framing: frame.framing,
      ending: frame.ending,
      cutAt: Math.floor(body.length * frame.cut),
      as,
      origin,
      label: 'upload',
      detail: `${parts.map((part) => (part.filename !== undefined ? `${part.name}(file ${part.data.length} B)` : part.name)).join(',') || 'no parts'}${unclosed ? ', no closing boundary' : ''}`,
    };
  });

/** Multipart bodies that are wrong in themselves: broken part headers, garbage, huge headers. */
const malformedMultipart: fc.Arbitrary<CaseRequest> = fc
  .record({
    sep: boundary,
    kind: fc.constantFrom('garbage', 'no-part-headers', 'huge-part-header', 'no-disposition', 'preamble-only', 'nested', 'bad-crlf', 'file-then-garbage', 'rfc5987-name', 'many-parts'),
    garbage: fc.uint8Array({ maxLength: 4000 }).map((bytes) => Buffer.from(bytes)),
    as: adminMostly,
    frame,
  })
  .map(({ sep, kind, garbage, as, frame }): CaseRequest => {
    const file = pdfLike(2000);
    const bodies: Record<string, Buffer> = {
      garbage,
      'no-part-headers': Buffer.from(`--${sep}\r\n\r\nvalue\r\n--${sep}--\r\n`),
      'huge-part-header': Buffer.concat([Buffer.from(`--${sep}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nX-Long: ${'a'.repeat(100_000)}\r\n\r\n`), file, Buffer.from(`\r\n--${sep}--\r\n`)]),
      'no-disposition': Buffer.concat([Buffer.from(`--${sep}\r\nContent-Type: application/pdf\r\n\r\n`), file, Buffer.from(`\r\n--${sep}--\r\n`)]),
      'preamble-only': Buffer.from(`this is a preamble and nothing else\r\n`),
      nested: Buffer.concat([Buffer.from(`--${sep}\r\nContent-Disposition: form-data; name="file"\r\nContent-Type: multipart/mixed; boundary=inner\r\n\r\n--inner\r\nContent-Disposition: file; filename="a.pdf"\r\n\r\n`), file, Buffer.from(`\r\n--inner--\r\n--${sep}--\r\n`)]),
      'bad-crlf': Buffer.concat([Buffer.from(`--${sep}\nContent-Disposition: form-data; name="file"; filename="a.pdf"\n\n`), file, Buffer.from(`\n--${sep}--\n`)]),
      'file-then-garbage': Buffer.concat([Buffer.from(`--${sep}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n`), file, garbage]),
      'rfc5987-name': Buffer.concat([Buffer.from(`--${sep}\r\nContent-Disposition: form-data; name="file"; filename*=UTF-8''%E2%82%AC%ZZ%ED%A0%80.pdf\r\n\r\n`), file, Buffer.from(`\r\n--${sep}--\r\n`)]),
      'many-parts': Buffer.from(Array.from({ length: 40 }, (_, index) => `--${sep}\r\nContent-Disposition: form-data; name="f${index}"\r\n\r\n${index}\r\n`).join('') + `--${sep}--\r\n`),
    };
    const body = bodies[kind] ?? garbage;
    return {
      method: 'POST',
      target: '/api/documents/upload',
      headers: [['Content-Type', `multipart/form-data; boundary=${sep}`]],
      body,
      framing: frame.framing,
      ending: frame.ending,
      cutAt: Math.floor(body.length * frame.cut),
      as,
      origin: 'same',
      label: 'malformed multipart',
      detail: kind,
    };
  });

// ------------------------------------------------------------------ the signed PUT of a carousel image

type Tamper = 'none' | 'sig' | 'expires' | 'max' | 'id' | 'no-query' | 'extra-query' | 'repeated-query' | 'nasty-id';

interface SignedPutCase {
  tamper: Tamper;
  body: Buffer;
  contentType: string | null;
  frame: Frame;
  as: Role;
  origin: OriginChoice;
  /** Then ask PUT /api/carousel-images to accept the URL. */
  accept: boolean;
  /** Then PUT to the same URL once more. */
  putAgain: boolean;
  nasty: string;
}

const signedPutCase: fc.Arbitrary<SignedPutCase> = fc.record({
  tamper: fc.constantFrom<Tamper>('none', 'none', 'none', 'none', 'sig', 'expires', 'max', 'id', 'no-query', 'extra-query', 'repeated-query', 'nasty-id'),
  body: fc.oneof(
    { weight: 4, arbitrary: fc.constant(TINY_PNG) },
    { weight: 2, arbitrary: fc.uint8Array({ maxLength: 20_000 }).map((bytes) => Buffer.from(bytes)) },
    { weight: 1, arbitrary: fc.constant(Buffer.alloc(0)) },
    // Over the 5 MB the URL allows: refused from Content-Length, or while streaming when chunked.
    { weight: 1, arbitrary: fc.constant(Buffer.alloc(5 * 1024 * 1024 + 10, 1)) },
  ),
  contentType: fc.constantFrom<string | null>('image/png', 'image/png', 'application/octet-stream', null, 'multipart/form-data; boundary=x', 'application/json'),
  frame,
  as: anyone,
  origin: writeOrigin,
  accept: fc.boolean(),
  putAgain: fc.constantFrom(false, false, true),
  nasty: urlPiece,
});

function tampered(uploadUrl: URL, tamper: Tamper, nasty: string): string {
  const url = new URL(uploadUrl);
  const params = url.searchParams;
  switch (tamper) {
    case 'sig':
      params.set('sig', `${params.get('sig') ?? ''}x`);
      break;
    case 'expires':
      params.set('expires', '1');
      break;
    case 'max':
      params.set('max', '999999999999');
      break;
    case 'id':
      url.pathname = url.pathname.replace(/[0-9a-f]{8}-/, '00000000-');
      break;
    case 'no-query':
      url.search = '';
      break;
    case 'extra-query':
      params.set('sig2', nasty);
      break;
    case 'repeated-query':
      params.append('sig', 'second');
      params.append('max', '1');
      break;
    case 'nasty-id':
      return `/api/objects/put/uploads/${nasty}${url.search}`;
    default:
      break;
  }
  return `${url.pathname}${url.search}`;
}

async function signedPut(session: FuzzSession, input: SignedPutCase): Promise<void> {
  const issued = await session.send({ method: 'POST', target: '/api/objects/upload', headers: [], as: 'admin', origin: 'same', label: 'get an upload URL' });
  const { uploadURL } = JSON.parse(responseText(issued)) as { uploadURL: string };
  const target = tampered(new URL(uploadURL, session.origin), input.tamper, input.nasty);
  const put = (body: Buffer, frame: Frame): CaseRequest => ({
    method: 'PUT',
    target,
    headers: input.contentType ? [['Content-Type', input.contentType]] : [],
    body,
    framing: frame.framing,
    ending: frame.ending,
    cutAt: Math.floor(body.length * frame.cut),
    as: input.as,
    origin: input.origin,
    label: 'signed PUT',
    detail: input.tamper,
  });
  await session.send(put(input.body, input.frame));
  if (input.accept) {
    const body = Buffer.from(JSON.stringify({ imageURL: target }));
    await session.send({ method: 'PUT', target: '/api/carousel-images', headers: [['Content-Type', 'application/json']], body, as: 'admin', origin: 'same', label: 'accept the image' });
  }
  if (input.putAgain) await session.send(put(TINY_PNG, { framing: 'content-length', ending: 'complete', cut: 1 }));
}

// ------------------------------------------------------------------ large files in parts (/api/uploads)

type CompanionCall = 'start' | 'list' | 'part URL' | 'complete' | 'abort' | 'params' | 'params complete' | 'sts';

interface CompanionCase {
  call: CompanionCall;
  /** The real upload's id, or a generated one. */
  id: string | null;
  /** The real upload's key, or a generated one (undefined: none sent). */
  key: string | null | undefined;
  partNumber: string;
  /** First PUT a real part, so a complete can get past the part checks. */
  sendPart: boolean;
  start: EncodedBody | null;
  complete: EncodedBody | null;
  paramsQuery: string;
  as: Role;
  origin: OriginChoice;
  frame: Frame;
}

const startObject = fc
  .tuple(
    fuzzObject({ filename: text('walkthrough.mp4', 'a.pdf', '../../x.pdf', 'x'.repeat(2000)), type: text('video/mp4', 'application/pdf', '') }),
    fc.oneof(
      { weight: 6, arbitrary: fuzzObject({ title: text('Trailer walkthrough'), description: text('A long video', ''), category: fc.constantFrom(...DOCUMENT_CATEGORIES) }) },
      { weight: 1, arbitrary: anyJson },
    ),
  )
  .map(([fields, metadata]) => ({ ...fields, metadata }));

const completeObject = fc.oneof(
  // The part really sent (when it was): gets past the checks to assembling and the type check.
  { weight: 3, arbitrary: fc.constant({ parts: [{ PartNumber: 1, ETag: 'real' }] }) },
  {
    weight: 6,
    arbitrary: fc
      .array(
        fc.record({
          PartNumber: fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 0, max: 10_001 }) }, { weight: 1, arbitrary: anyJson }),
          ETag: fc.oneof({ weight: 2, arbitrary: fc.constant('real') }, { weight: 2, arbitrary: text('"d41d8cd98f00b204e9800998ecf8427e"', 'x', '') }, { weight: 1, arbitrary: anyJson }),
        }),
        { maxLength: 4 },
      )
      .map((parts) => ({ parts })),
  },
  { weight: 1, arbitrary: anyJson },
);

const companionCase: fc.Arbitrary<CompanionCase> = fc.record({
  call: fc.constantFrom<CompanionCall>('start', 'list', 'part URL', 'complete', 'complete', 'abort', 'params', 'params complete', 'sts'),
  id: fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.uuid({ version: 4 }) }, { weight: 1, arbitrary: urlPiece }),
  key: fc.oneof(
    { weight: 4, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constantFrom('', 'documents/x', 'uploads/../../object-url.key', '../../etc/passwd', 'uploads/00000000-0000-4000-8000-000000000000') },
    { weight: 1, arbitrary: urlPiece },
  ),
  partNumber: fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 1, max: 3 }).map(String) }, { weight: 1, arbitrary: id }),
  sendPart: fc.boolean(),
  start: json(startObject),
  complete: json(completeObject),
  paramsQuery: fc.oneof(
    { weight: 1, arbitrary: fc.constant('?filename=brochure.pdf&type=application%2Fpdf&metadata[title]=Brochure&metadata[category]=articles') },
    { weight: 2, arbitrary: queryString(['filename', 'type', 'metadata[title]', 'metadata[category]', 'metadata[description]', 'metadata']) },
  ),
  as: adminMostly,
  origin: writeOrigin,
  frame,
});

/** One companion call, usually about a real upload (started first, as the admin), with generated ids, keys, numbers and bodies. */
async function companionCall(session: FuzzSession, input: CompanionCase): Promise<void> {
  const started = await session.send({
    method: 'POST',
    target: '/api/uploads/s3/multipart',
    headers: [['Content-Type', 'application/json']],
    body: Buffer.from(JSON.stringify({ filename: 'fuzz.pdf', type: 'application/pdf', metadata: { title: 'Fuzz upload', category: 'articles' } })),
    as: 'admin',
    origin: 'same',
    label: 'start an upload',
  });
  const real = JSON.parse(responseText(started)) as { uploadId: string; key: string };
  const uploadId = input.id ?? real.uploadId;
  const keyQuery = input.key === undefined ? '' : `?key=${encodeURIComponent(input.key ?? real.key)}`;
  let etag = 'none';
  if (input.sendPart) {
    const issued = await session.send({ method: 'GET', target: `/api/uploads/s3/multipart/${real.uploadId}/1?key=${encodeURIComponent(real.key)}`, headers: [], as: 'admin', origin: 'none', label: 'part URL' });
    const { url } = JSON.parse(responseText(issued)) as { url: string };
    const put = await session.send({ method: 'PUT', target: url, headers: [], body: pdfLike(100), as: 'visitor', origin: 'same', label: 'signed part PUT' });
    etag = responseHeader(put, 'etag') ?? etag;
  }
  const body = (encoded: EncodedBody | null): Pick<CaseRequest, 'headers' | 'body' | 'framing' | 'ending' | 'cutAt'> =>
    encoded
      ? {
          headers: bodyHeaders(encoded),
          body: Buffer.from(encoded.body.toString('latin1').replaceAll('"real"', JSON.stringify(etag)), 'latin1'),
          framing: input.frame.framing,
          ending: input.frame.ending,
          cutAt: Math.floor(encoded.body.length * input.frame.cut),
        }
      : { headers: [] };
  const base = { as: input.as, origin: input.origin, label: `companion ${input.call}` };
  const multipart = `/api/uploads/s3/multipart/${uploadId}`;
  const requestsByCall: Record<CompanionCall, CaseRequest> = {
    start: { method: 'POST', target: '/api/uploads/s3/multipart', ...body(input.start), ...base },
    list: { method: 'GET', target: `${multipart}${keyQuery}`, headers: [], ...base },
    'part URL': { method: 'GET', target: `${multipart}/${input.partNumber}${keyQuery}`, headers: [], ...base },
    complete: { method: 'POST', target: `${multipart}/complete${keyQuery}`, ...body(input.complete), ...base },
    abort: { method: 'DELETE', target: `${multipart}${keyQuery}`, headers: [], ...base },
    params: { method: 'GET', target: `/api/uploads/s3/params${input.paramsQuery}`, headers: [], ...base },
    'params complete': { method: 'POST', target: `/api/uploads/s3/params/complete${keyQuery}`, headers: [], ...base },
    sts: { method: 'GET', target: '/api/uploads/s3/sts', headers: [], ...base },
  };
  await session.send(requestsByCall[input.call]);
}

/** Disk's signed part URL, tampered with like the carousel's, with generated bodies framed every way. */
const signedPartCase = fc.record({
  tamper: fc.constantFrom<Tamper>('none', 'none', 'none', 'sig', 'expires', 'max', 'id', 'no-query', 'extra-query', 'repeated-query', 'nasty-id'),
  body: fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: 0, max: 20_000 }).map((size) => pdfLike(size)) },
    { weight: 2, arbitrary: fc.uint8Array({ maxLength: 20_000 }).map((bytes) => Buffer.from(bytes)) },
    { weight: 1, arbitrary: fc.constant(Buffer.alloc(0)) },
    // Over UPLOAD_MAX_BYTES (256 kB), the most a part URL allows here.
    { weight: 1, arbitrary: fc.constant(pdfLike(300 * 1024)) },
  ),
  frame,
  as: anyone,
  origin: writeOrigin,
  nasty: urlPiece,
  putAgain: fc.constantFrom(false, false, true),
});

async function signedPartPut(session: FuzzSession, input: SignedPartCase): Promise<void> {
  const started = await session.send({
    method: 'POST',
    target: '/api/uploads/s3/multipart',
    headers: [['Content-Type', 'application/json']],
    body: Buffer.from(JSON.stringify({ filename: 'fuzz.pdf', metadata: { title: 'Fuzz parts', category: 'articles' } })),
    as: 'admin',
    origin: 'same',
    label: 'start an upload',
  });
  const real = JSON.parse(responseText(started)) as { uploadId: string; key: string };
  const issued = await session.send({ method: 'GET', target: `/api/uploads/s3/multipart/${real.uploadId}/1?key=${encodeURIComponent(real.key)}`, headers: [], as: 'admin', origin: 'none', label: 'part URL' });
  const { url } = JSON.parse(responseText(issued)) as { url: string };
  const target = input.tamper === 'nasty-id' ? `/api/uploads/parts/${input.nasty}/1${new URL(url, session.origin).search}` : tampered(new URL(url, session.origin), input.tamper, input.nasty);
  const put = (bytes: Buffer, frame: Frame): CaseRequest => ({
    method: 'PUT',
    target,
    headers: [],
    body: bytes,
    framing: frame.framing,
    ending: frame.ending,
    cutAt: Math.floor(bytes.length * frame.cut),
    as: input.as,
    origin: input.origin,
    label: 'signed part PUT',
    detail: input.tamper,
  });
  await session.send(put(input.body, input.frame));
  if (input.putAgain) await session.send(put(pdfLike(10), { framing: 'content-length', ending: 'complete', cut: 1 }));
}

type SignedPartCase = typeof signedPartCase extends fc.Arbitrary<infer T> ? T : never;

// ------------------------------------------------------------------ pages

const PAGES = ['/', '/leadership', '/knowledge-base', '/vpv-market', '/vpv-lease', '/vpv-market-sandbox', '/vpv-lease-sandbox', '/virtual-pipeline', '/lng-vs-cng', '/sitemap', '/sitemap.xml', '/robots.txt', '/admin/leads', '/no-such-page'];
const PAGE_PARAMS = [
  'tab', 'search', 'category', 'page', 'status', 'sent', 'demo', 'firstName', 'lastName', 'company', 'email', 'message',
  'name', 'phone', 'title', 'notes', 'price', 'frac', 'transport', 'volume', 'unit', 'amount', 'form', 'index', '_routes', '_data',
] as const;
const TAB_VALUES = ['glossary', 'calculators', 'infographics', 'articles', 'spec-sheets', 'social-content', 'tutorials', 'faq', 'all'];

/** Page URLs: a real page, maybe as React Router's .data request, with a generated query. */
const pageUrl: fc.Arbitrary<string> = fc
  .record({
    page: fc.constantFrom(...PAGES),
    data: fc.constantFrom(false, false, false, true),
    query: queryString(PAGE_PARAMS),
    tab: fc.option(fc.oneof(fc.constantFrom(...TAB_VALUES), urlPiece), { freq: 2 }),
    // The absolute form a proxy sends (RFC 9112 §3.2.2), now and then.
    authority: fc.oneof({ weight: 9, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.constantFrom('http://127.0.0.1', 'http://www.example.com:8080', 'https://evil.example') }),
  })
  .map(({ page, data, query, tab, authority }) => {
    const path = data ? `${page === '/' ? '/_root' : page}.data` : page;
    const tabParam = tab === null ? '' : `${query ? '&' : '?'}tab=${tab}`;
    return `${authority}${path}${query}${tabParam}`;
  });

/** Paths nobody routed: broken escapes, traversal, doubled slashes, odd request-targets. */
const weirdPath: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(
        fc.constantFrom('', '/assets', '/objects', '/objects/images', '/api', '/knowledge-base', '/admin', '/images', '/api/documents/download', '/api/objects/put/uploads'),
        fc.array(fc.oneof(urlPiece, brokenEscape, fc.constantFrom('..', '.', '', '%2e%2e', '%2f', '..%2f', '%5c', 'index.html', '.env', 'favicon.svg')), { minLength: 1, maxLength: 5 }),
        fc.option(queryString(['tab', 'search', 'w', 'x']), { freq: 3 }),
      )
      .map(([prefix, segments, query]) => `${prefix}/${segments.join('/')}${query ?? ''}`),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '/%ZZ',
      '/objects/images/%ZZ',
      '/knowledge-base/%',
      '/%ED%A0%80',
      '/%C0%AE%C0%AE/',
      '//evil.example/',
      '/\\evil.example',
      '/assets/..%2f..%2fpackage.json',
      '/assets/%2e%2e/%2e%2e/server/app.ts',
      '/build/server/index.js',
      '/data/site.db',
      '/favicon.svg%00.png',
      '/.data',
      '/_root.data?_routes=%ZZ',
      '/knowledge-base.data?_routes=routes%2Fknowledge-base,root,nothing',
      `/${'a/'.repeat(2000)}`,
      `/${'x'.repeat(15_000)}`,
      '/?%ZZ=%ZZ',
      '/knowledge-base?tab=glossary&search=%ZZ',
      '/knowledge-base?search=%ED%A0%80&category=%00',
    ),
  },
  // Request-targets that are not a path at all.
  // (RFC 9112 §3.2.2: a server must accept the absolute form, as proxies send it.)
  { weight: 2, arbitrary: fc.constantFrom('*', 'abc', 'http://127.0.0.1/', 'http://evil.example/knowledge-base', 'HTTP://127.0.0.1/knowledge-base?tab=faq', '//', '?', '#frag', '/a#b') },
);

// ------------------------------------------------------------------ import from link (/api/uploads/url/*, the companion socket)

/**
 * Links that never leave loopback and never need DNS: literal loopback addresses in every
 * spelling (refused: the fuzz server has no URL_IMPORT_ALLOW_HOSTS), other schemes, and
 * generated text only ever after the host (in the path) or with no scheme at all.
 */
const importLink: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: text('http://127.0.0.1:9/a.pdf', 'http://127.1:9/a.pdf', 'http://0x7f.0.0.1:9/', 'http://2130706433:9/', 'http://[::1]:9/', 'http://[::ffff:127.0.0.1]:9/', 'https://127.0.0.1:9/a.pdf', 'http://0.0.0.0:9/', 'http://localhost:9/a.pdf') },
  { weight: 2, arbitrary: text('ftp://127.0.0.1/a.pdf', 'file:///etc/passwd', 'javascript:alert(1)', 'data:application/pdf;base64,JVBERi0=', 'http://user:pass@127.0.0.1:9/a.pdf', 'http://', 'http:///a', '//127.0.0.1:9/a', '', ' ') },
  { weight: 2, arbitrary: anyText.map((tail) => `http://127.0.0.1:9/${tail}`) },
  { weight: 1, arbitrary: anyText.map((value) => `/${value}`) },
  { weight: 1, arbitrary: anyJson },
);

const importMetadataObject = fc.oneof(
  { weight: 6, arbitrary: fuzzObject({ title: text('Partner brochure'), description: text('From the partner site.', ''), category: fc.constantFrom(...DOCUMENT_CATEGORIES) }) },
  { weight: 1, arbitrary: anyJson },
);

const importBody = fc
  .tuple(importLink, importMetadataObject, fc.constantFrom('url', 'url', 'url', 'link', null))
  .map(([url, metadata, key]) => (key === null ? { metadata } : { [key]: url, metadata, fileId: 'fuzz' }));

/** The handshake of /api/uploads/api/:token with generated tokens, paths, keys and origins (no real token: nothing upgrades). */
const socketHandshake: fc.Arbitrary<CaseRequest> = fc
  .record({
    token: fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{43}$/), urlPiece, fc.constantFrom('', '..', '%2e%2e', 'A'.repeat(43), 'A'.repeat(5000))),
    prefix: fc.constantFrom('/api/uploads/api/', '/api/uploads/api/', '/api/', '/api/uploads/', '/', '/api/uploads/api/x/'),
    version: fc.constantFrom('13', '13', '8', '', 'abc'),
    key: fc.constantFrom('dGhlIHNhbXBsZSBub25jZQ==', '', 'x', '%%%'),
    upgrade: fc.constantFrom('websocket', 'websocket', 'WebSocket', 'h2c', ''),
    as: adminMostly,
    origin: writeOrigin,
  })
  .map(({ token, prefix, version, key, upgrade, as, origin }): CaseRequest => ({
    method: 'GET',
    target: `${prefix}${token}`,
    headers: [
      // `close` too: the raw sender reads until the server closes, and a request that is not an upgrade after all would otherwise stay open.
      ['Connection', 'Upgrade, close'],
      ['Upgrade', upgrade],
      ['Sec-WebSocket-Version', version],
      ['Sec-WebSocket-Key', key],
    ],
    as,
    origin,
    label: 'import socket handshake',
  }));

const socketsAttached = new WeakSet<object>();

/** The fuzz server is a plain test server: its import socket is attached here, once. */
async function importHandshake(session: FuzzSession, input: CaseRequest): Promise<void> {
  if (!socketsAttached.has(session.server)) {
    socketsAttached.add(session.server);
    attachUrlImportSockets(session.server.server, session.server.services);
  }
  await session.send(input);
}

// ------------------------------------------------------------------ the catalogue

const AUTHORITY_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

// ------------------------------------------------------------------ site content (docs/site-content.md)

const contentKind: fc.Arbitrary<string> = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...SITE_CONTENT_KINDS) }, { weight: 1, arbitrary: fc.constantFrom('pricing', 'leader-photos', '%00', '..') }, { weight: 1, arbitrary: urlPiece });

const companyObject = fc
  .tuple(
    fuzzObject({
      name: text('VPV Energy', ''),
      legalName: text('VPV Energy, LLC'),
      description: text('Line one\nline two'),
      salesEmail: email,
      equipmentStoreUrl: text('https://store.example.com', 'http://store.example.com', 'javascript:alert(1)'),
    }),
    fuzzObject({ display: text('1-888-555-0148', '(888) 555-0148', 'call'), tel: text('+18885550148', '+18885550199', '1-888') }),
    fuzzObject({ street: text('1 Main St'), city: text('Houston'), region: text('Texas'), regionCode: text('TX'), postalCode: text('77002'), country: text('US') }),
  )
  .map(([company, phone, address]) => ({ ...company, phone, address }));
const faqItemObject = fuzzObject({ id: text('faq-1', 'faq-1', 'x'), question: text('Why?', ''), answer: text('Because.'), category: text('general', 'weather') });
const leaderObject = fc
  .tuple(
    fuzzObject({
      id: text('leader-1', 'new'),
      name: text('Ann Lee'),
      title: text('CEO'),
      bio: text('Bio.'),
      profileUrl: text('https://www.linkedin.com/in/x', 'http://x.example'),
      email: text('', 'ann@example.com'),
    }),
    fc.oneof(fc.constant(null), fc.uuid({ version: 4 }).map((value) => ({ id: value })), fc.constant({ id: 'x' })),
  )
  .map(([leader, photo]) => ({ ...leader, photo }));
const contentData: fc.Arbitrary<unknown> = fc.oneof(companyObject, fc.array(faqItemObject, { maxLength: 4 }), fc.array(leaderObject, { maxLength: 4 }), anyJson);
const contentWriteObject = fc
  .tuple(fc.oneof(fc.integer({ min: -1, max: 5 }), fc.constantFrom<unknown>(2_147_483_648, 1.5, '1', null)), contentData)
  .map(([revision, data]) => ({ revision, data }));

const photoBody: fc.Arbitrary<EncodedBody | null> = fc
  .tuple(
    fc.oneof(
      fc.constant(TINY_PNG),
      fc.uint8Array({ maxLength: 4000 }).map((bytes) => Buffer.from(bytes)),
      anyText.map((value) => Buffer.from(value)),
      fc.constant(Buffer.alloc(0)),
    ),
    fc.constantFrom('image/png', 'image/jpeg', 'image/svg+xml', 'text/plain', 'application/octet-stream', null),
  )
  .map(([body, contentType]): EncodedBody => ({ kind: 'binary', contentType, body }));

export const fuzzTargets: FuzzTarget[] = [
  requests(
    'POST /api/contact',
    request({ label: 'contact', method: fc.constant('POST'), target: fc.constant('/api/contact'), body: fc.oneof(encodedBody(contactObject, 'json'), encodedBody(contactObject, 'form')), as: visitorMostly }),
  ),
  requests(
    'POST /api/request-demo',
    request({ label: 'demo', method: fc.constant('POST'), target: fc.constant('/api/request-demo'), body: fc.oneof(encodedBody(demoObject, 'json'), encodedBody(demoObject, 'form')), as: visitorMostly }),
  ),
  requests(
    'POST /api/admin/login',
    request({ label: 'login', method: fc.constant('POST'), target: fc.constant('/api/admin/login'), body: json(loginObject), as: fc.constantFrom<Role>('visitor', 'forged') }),
  ),
  requests(
    'GET /api/admin/check and POST /api/admin/logout with odd cookies',
    fc
      .record({
        method: fc.constantFrom('GET', 'POST', 'POST'),
        cookie: fc.oneof(
          fc.stringMatching(/^[A-Za-z0-9_-]{20,100}$/).map((token) => `vpv_admin=${token}`),
          urlPiece.map((value) => `vpv_admin=${value}`),
          fc.constantFrom('vpv_admin=', 'vpv_admin', '=', ';;;', 'vpv_admin=a; vpv_admin=b', '__Host-vpv_admin=AAAAAAAAAAAAAAAAAAAAAAAA', `vpv_admin=${'A'.repeat(8000)}`, 'a=b; '.repeat(500)),
        ),
        origin: writeOrigin,
      })
      .map(({ method, cookie, origin }): CaseRequest => ({
        method,
        target: method === 'GET' ? '/api/admin/check' : '/api/admin/logout',
        headers: [['Cookie', cookie]],
        // Never the fuzz admin's own cookie: logging it out would turn every later admin case into a visitor's.
        as: 'visitor',
        origin,
        label: 'session cookie',
      })),
  ),
  requests(
    'GET /api/glossary?search=&category=',
    request({ label: 'glossary search', method: fc.constantFrom('GET', 'GET', 'HEAD'), target: withQuery('/api/glossary', ['search', 'category']), body: fc.constant(null), as: anyone, origin: readOrigin }),
  ),
  requests(
    'GET /api/search?q=&kind=&limit=',
    request({ label: 'search', method: fc.constantFrom('GET', 'GET', 'HEAD'), target: searchTarget, body: fc.constant(null), as: visitorMostly, origin: readOrigin }),
  ),
  requests(
    'POST /api/glossary',
    request({ label: 'glossary create', method: fc.constant('POST'), target: fc.constant('/api/glossary'), body: json(glossaryObject), as: adminMostly }),
  ),
  requests(
    'PUT and DELETE /api/glossary/:id',
    request({
      label: 'glossary edit',
      method: fc.constantFrom('PUT', 'PUT', 'PUT', 'DELETE'),
      target: id.map((value) => `/api/glossary/${value}`),
      body: fc.option(json(glossaryObject), { freq: 8 }),
      as: adminMostly,
    }),
  ),
  requests(
    'GET /api/documents and /api/documents/public?category=',
    request({
      label: 'document lists',
      method: fc.constantFrom('GET', 'GET', 'HEAD'),
      target: fc.oneof(withQuery('/api/documents/public', ['category']), withQuery('/api/documents', ['category', 'page'])),
      body: fc.constant(null),
      as: anyone,
      origin: readOrigin,
    }),
  ),
  requests('POST /api/documents/upload (multipart forms)', uploadRequest),
  requests('POST /api/documents/upload (malformed multipart)', malformedMultipart),
  requests(
    'PUT and DELETE /api/documents/:id',
    request({
      label: 'document edit',
      method: fc.constantFrom('PUT', 'PUT', 'PUT', 'PUT', 'DELETE'),
      target: id.map((value) => `/api/documents/${value}`),
      body: fc.option(json(documentObject), { freq: 8 }),
      as: adminMostly,
    }),
  ),
  requests(
    'GET /api/documents/download/:id',
    fc
      .record({
        method: fc.constantFrom('GET', 'GET', 'HEAD'),
        id,
        range: fc.option(
          fc.constantFrom('bytes=0-0', 'bytes=-1', 'bytes=5-1', 'bytes=999999999-', 'bytes=0-1,2-3', 'items=0-1', 'bytes=', 'bytes=abc', 'bytes=-0', 'bytes=0-18446744073709551616', 'bytes=0-', 'bytes=-999999999999'),
          { freq: 2 },
        ),
        as: anyone,
        // A visitor who cancels the download at once.
        ending: fc.constantFrom<Ending>('complete', 'complete', 'complete', 'reset'),
      })
      .map(({ method, id: value, range, as, ending }): CaseRequest => ({
        method,
        target: `/api/documents/download/${value}`,
        headers: range ? [['Range', range]] : [],
        ending,
        as,
        origin: 'none',
        label: 'download',
      })),
  ),
  requests(
    'POST /api/objects/upload',
    request({ label: 'upload URL', method: fc.constant('POST'), target: withQuery('/api/objects/upload', ['filename', 'type']), body: fc.option(json(anyJson), { freq: 2 }), as: adminMostly }),
  ),
  requests(
    'PUT /api/carousel-images',
    request({ label: 'carousel image', method: fc.constant('PUT'), target: fc.constant('/api/carousel-images'), body: json(imageUrlObject), as: adminMostly }),
  ),
  target('PUT /api/objects/put/uploads/:id (signed upload URL)', signedPutCase, signedPut),
  target('/api/uploads/s3/* (the upload widget\'s companion calls, large files in parts)', companionCase, companionCall),
  target('PUT /api/uploads/parts/:uploadId/:partNumber (signed part URL, disk)', signedPartCase, signedPartPut),
  requests(
    'Leads inbox API: GET /api/admin/messages|demo-requests(.csv), PATCH …/:id',
    fc.oneof(
      request({
        label: 'inbox list',
        method: fc.constantFrom('GET', 'HEAD'),
        target: fc
          .tuple(fc.constantFrom('/api/admin/messages', '/api/admin/demo-requests', '/api/admin/messages.csv', '/api/admin/demo-requests.csv'), queryString(['page', 'pageSize', 'status']))
          .map(([path, query]) => `${path}${query}`),
        body: fc.constant(null),
        as: adminMostly,
        origin: readOrigin,
      }),
      request({
        label: 'inbox status',
        method: fc.constant('PATCH'),
        target: fc.tuple(fc.constantFrom('messages', 'demo-requests'), id).map(([kind, value]) => `/api/admin/${kind}/${value}`),
        body: json(statusObject),
        as: adminMostly,
      }),
    ),
  ),
  requests(
    'Trash and activity: GET /api/admin/trash, /api/admin/activity(.csv), POST …/:kind/:id/restore, DELETE /api/admin/trash/:kind/:id, DELETE inbox leads',
    fc.oneof(
      request({
        label: 'trash and activity lists',
        method: fc.constantFrom('GET', 'HEAD'),
        target: fc.oneof(
          withQuery('/api/admin/trash', ['kind', 'page', 'pageSize']),
          withQuery('/api/admin/activity', ['admin', 'kind', 'page', 'pageSize']),
          withQuery('/api/admin/activity.csv', ['admin', 'kind']),
        ),
        body: fc.constant(null),
        as: adminMostly,
        origin: readOrigin,
      }),
      request({
        label: 'trash restore and delete forever',
        method: fc.constantFrom('POST', 'DELETE'),
        target: fc
          .tuple(fc.constantFrom('document', 'glossary', 'contact', 'demo', 'admin', '%00'), id, fc.boolean())
          .map(([kind, value, restore]) => `/api/admin/trash/${kind}/${value}${restore ? '/restore' : ''}`),
        body: fc.option(json(anyJson), { freq: 4 }),
        as: adminMostly,
      }),
      request({
        label: 'inbox delete',
        method: fc.constant('DELETE'),
        target: fc.tuple(fc.constantFrom('messages', 'demo-requests'), id).map(([kind, value]) => `/api/admin/${kind}/${value}`),
        body: fc.constant(null),
        as: adminMostly,
      }),
    ),
  ),
  requests(
    'Webhooks: GET/POST /api/admin/webhooks, PUT/DELETE …/:id, POST …/:id/rotate|test, GET …/:id/deliveries, …/deliveries/:id/attempts|replay|dismiss',
    fc.oneof(
      request({
        label: 'webhook lists',
        method: fc.constantFrom('GET', 'HEAD'),
        target: fc.oneof(
          fc.constant('/api/admin/webhooks'),
          fc.tuple(id, queryString(['page', 'pageSize'])).map(([value, query]) => `/api/admin/webhooks/${value}/deliveries${query}`),
          id.map((value) => `/api/admin/webhooks/deliveries/${value}/attempts`),
        ),
        body: fc.constant(null),
        as: adminMostly,
        origin: readOrigin,
      }),
      request({
        label: 'webhook endpoint writes',
        method: fc.constantFrom('POST', 'PUT'),
        target: fc.oneof(fc.constant('/api/admin/webhooks'), id.map((value) => `/api/admin/webhooks/${value}`)),
        body: json(webhookObject),
        as: adminMostly,
      }),
      request({
        label: 'webhook actions',
        method: fc.constantFrom('POST', 'DELETE'),
        target: fc.oneof(
          fc.tuple(id, fc.constantFrom('', '/rotate', '/test')).map(([value, action]) => `/api/admin/webhooks/${value}${action}`),
          fc.tuple(id, fc.constantFrom('replay', 'dismiss')).map(([value, action]) => `/api/admin/webhooks/deliveries/${value}/${action}`),
        ),
        body: fc.option(json(anyJson), { freq: 4 }),
        as: adminMostly,
      }),
    ),
  ),
  requests(
    'Site content: GET/PUT/DELETE/POST /api/admin/content/…, POST …/leader-photos, GET /media/leader-photos/…',
    fc.oneof(
      request({
        label: 'site content reads',
        method: fc.constantFrom('GET', 'HEAD'),
        target: fc.oneof(
          fc.constant('/api/admin/content'),
          contentKind.map((kind) => `/api/admin/content/${kind}`),
          contentKind.map((kind) => `/api/admin/content/${kind}/versions`),
          fc.tuple(contentKind, id).map(([kind, value]) => `/api/admin/content/${kind}/versions/${value}`),
        ),
        body: fc.constant(null),
        as: adminMostly,
        origin: readOrigin,
      }),
      request({
        label: 'site content writes',
        method: fc.constantFrom('PUT', 'DELETE', 'POST'),
        target: fc.oneof(
          contentKind.map((kind) => `/api/admin/content/${kind}/draft`),
          contentKind.map((kind) => `/api/admin/content/${kind}/publish`),
          fc.tuple(contentKind, id).map(([kind, value]) => `/api/admin/content/${kind}/versions/${value}/restore`),
        ),
        body: fc.option(json(contentWriteObject), { freq: 6 }),
        as: adminMostly,
      }),
      request({ label: 'leader photo', method: fc.constant('POST'), target: fc.constant('/api/admin/content/leader-photos'), body: photoBody, as: adminMostly }),
      request({
        label: 'leader photo file',
        method: fc.constantFrom('GET', 'HEAD'),
        target: fc.tuple(fc.oneof(fc.uuid({ version: 4 }), urlPiece), fc.constantFrom('160.webp', '320.webp', '200.webp', '160.png', '')).map(([value, file]) => `/media/leader-photos/${value}/${file}`),
        body: fc.constant(null),
        as: anyone,
        origin: readOrigin,
      }),
    ),
  ),
  requests(
    'Unrouted API paths and methods (incl. methods the companion paths do not take, and the remote-file paths)',
    request({
      label: 'unrouted API',
      method: fc.constantFrom(...AUTHORITY_METHODS, 'PROPFIND'),
      target: fc.oneof(
        fc
          .tuple(
            fc.constantFrom('uploads/s3/multipart', 'uploads/s3/multipart/x', 'uploads/s3/multipart/x/1', 'uploads/s3/multipart/x/complete', 'uploads/s3/params', 'uploads/s3/sts', 'uploads/url/meta', 'uploads/url/get', 'uploads/api/x', 'glossary/1/x', 'documents/upload/x', 'admin', 'contact/x'),
            queryString(['key', 'filename', 'type', 'metadata[name]', 'metadata']),
          )
          .map(([path, query]) => `/api/${path}${query}`),
        fc.array(urlPiece, { minLength: 1, maxLength: 4 }).map((segments) => `/api/${segments.join('/')}`),
      ),
      body: fc.option(json(anyJson), { freq: 2 }),
      as: anyone,
    }),
  ),
  requests(
    'Pages: GET with generated queries (as visitor and admin)',
    request({ label: 'page', method: fc.constantFrom('GET', 'GET', 'GET', 'HEAD'), target: pageUrl, body: fc.constant(null), as: anyone, origin: readOrigin }),
  ),
  requests(
    'Pages: odd paths and request-targets',
    request({ label: 'odd path', method: fc.constantFrom('GET', 'GET', 'HEAD', 'OPTIONS'), target: weirdPath, body: fc.constant(null), as: anyone, origin: readOrigin }),
  ),
  requests(
    'Pages: POST, PUT, PATCH and DELETE',
    request({
      label: 'page write',
      method: fc.constantFrom('POST', 'POST', 'PUT', 'PATCH', 'DELETE'),
      target: fc.oneof(pageUrl, weirdPath),
      body: fc.option(
        fc.oneof(
          encodedBody(contactObject, 'form'),
          encodedBody(demoObject, 'form'),
          encodedBody(anyJson, 'json'),
          fc.tuple(boundary, fileBytes).map(([sep, file]): EncodedBody => ({ kind: 'multipart', contentType: `multipart/form-data; boundary=${sep}`, body: multipartBody(sep, [{ name: 'file', filename: 'a.pdf', data: file.data }]) })),
        ),
        { freq: 4 },
      ),
      as: anyone,
    }),
  ),
  requests(
    'Images, probes and static files: /objects/images/:file, /healthz, /readyz, /assets',
    request({
      label: 'images and probes',
      method: fc.constantFrom('GET', 'GET', 'GET', 'HEAD', 'POST', 'DELETE'),
      target: fc.oneof(
        fc.tuple(imagePath, fc.option(fc.oneof(fc.constantFrom('280', '560', '1200', '0', '-1', '281', '1e3', '1200.0', ''), urlPiece), { freq: 2 })).map(([path, width]) => (width === null ? path : `${path}?w=${width}`)),
        fc.tuple(fc.constantFrom('/objects/images/', '/objects/', '/healthz', '/readyz', '/assets/', '/favicon.svg', '/images/'), urlPiece).map(([prefix, tail]) => `${prefix}${tail}`),
        withQuery('/healthz', ['x']),
        withQuery('/readyz', ['x']),
      ),
      body: fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: json(anyJson) }),
      as: anyone,
    }),
  ),
  // Last, so the targets above keep their seeds (fuzzParameters derives each from its index).
  requests(
    'POST /api/uploads/url/meta and url/get (import from link; loopback and DNS-free links only)',
    request({ label: 'import from link', method: fc.constant('POST'), target: fc.constantFrom('/api/uploads/url/meta', '/api/uploads/url/get'), body: json(importBody), as: adminMostly }),
  ),
  target('GET /api/uploads/api/:token (the import socket\'s handshake)', socketHandshake, importHandshake),
  target('GET /metrics (bearer token, methods, paths)', metricsCase, metricsRequest),
];
