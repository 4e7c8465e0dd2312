import { describe, expect, it } from 'vitest';
import {
  contactSentUrl,
  demoFormAction,
  demoOpenHref,
  demoSentUrl,
  isDemoKey,
  toDemoKey,
} from '../../app/features/leads/lead-form-post.ts';
import { validateContactMessage, validateDemoRequest } from '../../domain/leads/schemas.ts';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { csvCell, toCsv } from '../../server/services/leads/csv.ts';
import { DEFAULT_TIMING, retryDelayMs } from '../../server/services/leads/notifier.ts';

const contact = { firstName: 'John', lastName: 'Doe', company: 'Acme', email: 'john@company.com', message: 'Hi' };
const demo = { name: 'Jane', phone: '+1 (888) 555-0148 ext. 2', email: 'jane@roe.example.com', company: 'Roe' };

describe('the lead schemas', () => {
  it('trims values and turns blank optional fields into null', () => {
    const result = validateDemoRequest({ ...demo, name: '  Jane  ', title: '   ', notes: undefined });
    expect(result).toEqual({ ok: true, data: { ...demo, name: 'Jane', title: null, notes: null } });
  });

  it('says which field is missing, too long or malformed, one message per field', () => {
    const result = validateContactMessage({ ...contact, firstName: undefined, company: 'x'.repeat(201), email: 'a@b' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fieldErrors).toEqual({
      firstName: 'First name is required.',
      company: 'Company must be at most 200 characters.',
      email: expect.stringMatching(/valid e-mail/),
    });
  });

  it.each(['555-01', 'call me', '+1 555 0148 <script>'])('refuses the phone %s', (phone) => {
    expect(validateDemoRequest({ ...demo, phone }).ok).toBe(false);
  });

  it('allows line breaks in the message and notes only', () => {
    expect(validateContactMessage({ ...contact, message: 'one\ntwo' }).ok).toBe(true);
    expect(validateDemoRequest({ ...demo, notes: 'one\ntwo' }).ok).toBe(true);
    expect(validateDemoRequest({ ...demo, title: 'one\ntwo' }).ok).toBe(false);
    expect(validateContactMessage({ ...contact, company: 'Acme\r\nBcc: x@y.z' }).ok).toBe(false);
  });
});

describe('control characters in lead fields', () => {
  it.each(['\u0000', '\u0008', '\u001b', '\u007f', '\u0085', '\u009f', '\ud800'])('refuses %j in every field, naming it', (character) => {
    const contactResult = validateContactMessage({ ...contact, firstName: `J${character}o`, message: `Hi${character}` });
    expect(contactResult.ok ? null : contactResult.fieldErrors).toEqual({
      firstName: 'First name contains characters that are not allowed.',
      message: 'Message contains characters that are not allowed.',
    });
    const demoResult = validateDemoRequest({ ...demo, title: `CEO${character}`, notes: `${character}x` });
    expect(demoResult.ok ? null : demoResult.fieldErrors).toEqual({
      title: 'Title contains characters that are not allowed.',
      notes: 'Notes contains characters that are not allowed.',
    });
  });

  it('allows tab and line breaks where text is multi-line, and emoji and accents everywhere', () => {
    expect(validateContactMessage({ ...contact, message: 'one\r\n\ttwo' }).ok).toBe(true);
    expect(validateDemoRequest({ ...demo, notes: 'one\n\ttwo' }).ok).toBe(true);
    expect(validateDemoRequest({ ...demo, title: 'Head\tof buying' }).ok).toBe(false);
    expect(validateContactMessage({ ...contact, firstName: 'Zoë \u{1F600}', company: 'Énergie – Nord' }).ok).toBe(true);
  });
});

describe('the addresses of a lead form posted without JavaScript', () => {
  it('name the form, the button and the outcome, never a value', () => {
    expect(contactSentUrl('/')).toBe('/?sent=contact#contact');
    expect(demoOpenHref('R1lb')).toBe('?demo=R1lb#request-demo-R1lb');
    expect(demoFormAction('/vpv-lease', 'R1lb')).toBe('/vpv-lease?demo=R1lb#request-demo-R1lb');
    expect(demoSentUrl('/vpv-lease', 'R1lb')).toBe('/vpv-lease?demo=R1lb&sent=demo#request-demo-R1lb');
  });

  it('makes a URL-safe key of what useId returns, and takes only such keys back', () => {
    expect(toDemoKey('_R_1lb_')).toBe('R1lb');
    expect(toDemoKey('«r1»')).toBe('r1');
    expect(toDemoKey(':::')).toBe('demo');
    expect(isDemoKey('R1lb')).toBe(true);
    expect(isDemoKey('../x')).toBe(false);
    expect(isDemoKey('a'.repeat(33))).toBe(false);
    expect(isDemoKey(42)).toBe(false);
  });
});

describe('the CSV export', () => {
  it.each([
    ['plain', 'plain'],
    ["Jean-Luc O'Brien", "Jean-Luc O'Brien"],
    ['=1+1', `"'=1+1"`],
    ['+1 888', `"'+1 888"`],
    ['-5', `"'-5"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\tx', `"'\tx"`],
    ['\r=1+1', `"'\r=1+1"`],
    ['a,b', '"a,b"'],
    ['a;b', '"a;b"'],
    ['a\tb', '"a\tb"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
  ])('writes %j as %s', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  // OWASP CSV injection: a formula character right after a separator starts a cell of its
  // own in a spreadsheet that splits on that separator, so the whole cell is guarded and quoted.
  it.each([
    ['ACME;@SUM(1+1)', `"'ACME;@SUM(1+1)"`],
    ['ACME,=1+1', `"'ACME,=1+1"`],
    ['ACME; -2+3', `"'ACME; -2+3"`],
    ['ACME\t+cmd', `"'ACME\t+cmd"`],
    ['x";=1+2', `"'x"";=1+2"`],
    ['line one\n=HYPERLINK("x")', `"'line one\n=HYPERLINK(""x"")"`],
    ['ACME;Inc', '"ACME;Inc"'],
  ])('guards a formula after a separator inside %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('leaves numbers alone and writes null as empty', () => {
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
  });

  it('writes a BOM, a header row and CRLF rows', () => {
    const csv = toCsv([{ header: 'name', value: (row: { name: string }) => row.name }], [{ name: 'a' }, { name: 'b' }]);
    expect(csv).toBe('\uFEFFname\r\na\r\nb\r\n');
  });
});

describe('the notifier back-off', () => {
  it('waits 30 s, 2 min, 10 min… and repeats the last step', () => {
    expect([1, 2, 3].map((attempts) => retryDelayMs(attempts))).toEqual([30_000, 120_000, 600_000]);
    expect(retryDelayMs(50)).toBe(DEFAULT_TIMING.retryDelaysMs.at(-1));
  });
});

describe('the lead settings', () => {
  it('defaults to 5 posts a minute and no e-mail', () => {
    expect(loadConfig({}).leads).toEqual({ rateLimitPerMinute: 5, notify: null });
    expect(loadConfig({ LEADS_RATE_LIMIT: '0' }).leads.rateLimitPerMinute).toBe(0);
  });

  it('reads the SMTP settings and defaults the sender to the sales inbox', () => {
    const config = loadConfig({ SMTP_URL: 'smtp://mail.internal:587', LEADS_NOTIFY_TO: 'sales@a.example, ops@a.example' });
    expect(config.leads.notify).toEqual({
      smtpUrl: 'smtp://mail.internal:587',
      to: 'sales@a.example, ops@a.example',
      from: 'VPV Energy website <sales@a.example>',
    });
    expect(
      loadConfig({ SMTP_URL: 'smtps://h', LEADS_NOTIFY_TO: 's@a.example', LEADS_NOTIFY_FROM: 'Web <web@a.example>' }).leads.notify
        ?.from,
    ).toBe('Web <web@a.example>');
  });

  it.each([
    [{ LEADS_RATE_LIMIT: '-1' }, /LEADS_RATE_LIMIT="-1"/],
    [{ LEADS_RATE_LIMIT: 'many' }, /LEADS_RATE_LIMIT="many": must be a number/],
    [{ SMTP_URL: 'http://mail', LEADS_NOTIFY_TO: 's@a.example' }, /SMTP_URL=\(hidden\): must be an smtp/],
    [{ SMTP_URL: 'smtp://mail', LEADS_NOTIFY_TO: 'sales' }, /LEADS_NOTIFY_TO="sales"/],
    [{ SMTP_URL: 'smtp://mail' }, /SMTP_URL and LEADS_NOTIFY_TO must be set together/],
    [{ LEADS_NOTIFY_TO: 's@a.example' }, /SMTP_URL and LEADS_NOTIFY_TO must be set together/],
  ])('rejects %j with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
