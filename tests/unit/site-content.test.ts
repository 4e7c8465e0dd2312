import { describe, expect, it } from 'vitest';
import { activityCopy } from '../../content/admin-activity.ts';
import { AUDIT_ACTIONS, AUDIT_ENTITY_KINDS } from '../../domain/audit.ts';
import { describeChanges, ordinal } from '../../domain/site-content/diff.ts';
import { LEADER_PHOTO_SIZES, leaderPhotoUrl } from '../../domain/site-content/photos.ts';
import {
  PHONE_MISMATCH_MESSAGE,
  SEO_DESCRIPTION_ADVISED,
  SEO_DESCRIPTION_MAX,
  SEO_TITLE_ADVISED,
  SEO_TITLE_MAX,
  fieldErrorsByPath,
  isHttpsLink,
  parseSiteContent,
  phoneDigits,
} from '../../domain/site-content/schemas.ts';
import type { FaqEntry, Leader, SiteContentKind } from '../../domain/site-content/types.ts';
import { PAGE_KEYS, SITE_CONTENT_KINDS } from '../../domain/site-content/types.ts';
import { seedSiteContent } from '../../server/services/site-content/seed.ts';

/** The site content schemas and the History panel's differences (docs/site-content.md). */

const seed = seedSiteContent();

function errorsOf(kind: SiteContentKind, data: unknown): Record<string, string[]> {
  const parsed = parseSiteContent(kind, data);
  if (parsed.success) throw new Error(`${kind} was accepted: ${JSON.stringify(data).slice(0, 200)}`);
  return fieldErrorsByPath(parsed.error);
}

const leader = (id: string, name: string, extra: Partial<Leader> = {}): Leader => ({
  id,
  name,
  title: 'Officer',
  bio: 'Bio.',
  profileUrl: 'https://www.linkedin.com/in/x',
  email: '',
  photo: null,
  ...extra,
});
const question = (id: string, text: string, extra: Partial<FaqEntry> = {}): FaqEntry => ({ id, question: text, answer: 'An answer.', category: 'general', ...extra });

describe('the site content schemas', () => {
  it('accept the seed of every kind unchanged', () => {
    for (const kind of SITE_CONTENT_KINDS) {
      const parsed = parseSiteContent(kind, seed[kind]);
      expect(parsed.success, kind).toBe(true);
      expect(parsed.data).toEqual(seed[kind]);
    }
  });

  it('trim text, turn an empty association link into null and lower-case photo ids', () => {
    const company = parseSiteContent('company', { ...seed.company, name: '  VPV Energy  ' });
    expect(company.data?.name).toBe('VPV Energy');
    const associations = parseSiteContent('associations', { associations: [{ id: 'a', name: 'Guild', url: '' }], companies: [{ id: 'b', name: 'Acme', url: null }] });
    expect(associations.data).toEqual({ associations: [{ id: 'a', name: 'Guild', url: null }], companies: [{ id: 'b', name: 'Acme', url: null }] });
    const leaders = parseSiteContent('leaders', [leader('l', 'Ann', { photo: { id: '0F8FAD5B-D9CB-469F-A165-70867728950E' } })]);
    expect(leaders.data?.[0]?.photo).toEqual({ id: '0f8fad5b-d9cb-469f-a165-70867728950e' });
  });

  it('check that the two phone forms are one number, a 10-digit US number gaining its country code', () => {
    expect(phoneDigits('1-888-555-0148')).toBe('18885550148');
    expect(phoneDigits('(888) 555-0148')).toBe('18885550148');
    expect(phoneDigits('+18885550148')).toBe('18885550148');
    expect(phoneDigits('+44 20 7946 0958')).toBe('442079460958');
    const phone = (display: string, tel: string) => parseSiteContent('company', { ...seed.company, phone: { display, tel } });
    expect(phone('(888) 555-0148', '+18885550148').success).toBe(true);
    expect(phone('+44 20 7946 0958', '+442079460958').success).toBe(true);
    expect(errorsOf('company', { ...seed.company, phone: { display: '1-888-555-0148', tel: '+18885550149' } })).toEqual({ 'phone.tel': [PHONE_MISMATCH_MESSAGE] });
    expect(errorsOf('company', { ...seed.company, phone: { display: '1-888-555-0148', tel: '1-888-555-0148' } })['phone.tel']).toEqual([
      'Phone (tap to call) must be + and the digits, such as +18885550148.',
    ]);
    expect(errorsOf('company', { ...seed.company, phone: { display: 'call us', tel: '+18885550148' } })['phone.display']).toEqual([
      'Phone must be a phone number, such as 1-888-555-0148.',
    ]);
  });

  it('take https links only', () => {
    expect(isHttpsLink('https://store.example.com/rentals')).toBe(true);
    for (const link of ['http://store.example.com', 'javascript:alert(1)', '//store.example.com', 'https://', 'store.example.com', 'https://exa mple.com']) {
      expect(isHttpsLink(link), link).toBe(false);
    }
    expect(errorsOf('leaders', [leader('a', 'Ann', { profileUrl: 'ftp://x.example' })])).toEqual({ '0.profileUrl': ['Profile link must be a full link starting with https://.'] });
  });

  it('refuse control characters, line breaks in one-line fields and over-long text, keyed by dotted path', () => {
    expect(errorsOf('faq', [question('a', 'What\u0007?'), question('b', 'Fine?', { answer: 'Two\nlines\tand a tab are fine.' }), question('c', 'x'.repeat(10_000))])).toEqual({
      '0.question': ['Question contains characters that are not allowed.'],
      '2.question': ['Question must be at most 300 characters.'],
    });
    expect(errorsOf('company', { ...seed.company, description: 'Bad \u0000 byte', address: { ...seed.company.address, street: 'One\nTwo' } })).toEqual({
      description: ['Description contains characters that are not allowed.'],
      'address.street': ['Street must be on one line.'],
    });
    expect(errorsOf('seo', { ...seed.seo, home: { title: 't'.repeat(SEO_TITLE_MAX + 1), description: 'd'.repeat(SEO_DESCRIPTION_MAX + 1) } })).toEqual({
      'home.title': [`Search title must be at most ${SEO_TITLE_MAX} characters.`],
      'home.description': [`Search description must be at most ${SEO_DESCRIPTION_MAX} characters.`],
    });
    expect(SEO_TITLE_ADVISED).toBeLessThan(SEO_TITLE_MAX);
    expect(SEO_DESCRIPTION_ADVISED).toBeLessThan(SEO_DESCRIPTION_MAX);
  });

  it('name wrong types, missing fields, unknown categories and repeated ids', () => {
    expect(errorsOf('company', null)).toEqual({ '': ['Send the company facts as a JSON object.'] });
    expect(errorsOf('faq', [question('a', 'Q?', { category: 'weather' as FaqEntry['category'] })])).toEqual({
      '0.category': ['Category must be one of general, platforms, products, services, safety.'],
    });
    expect(errorsOf('faq', [question('a', 'Q?'), question('a', 'Again?')])).toEqual({ '1.id': ['Each question needs its own id.'] });
    expect(errorsOf('leaders', [{ id: 'x', name: 7 }])).toMatchObject({ '0.name': ['Name must be text.'], '0.title': ['Title is required.'], '0.bio': ['Biography is required.'] });
    expect(errorsOf('leaders', [leader('a', 'Ann', { photo: { id: 'not-a-uuid' } })])).toEqual({ '0.photo': ['Photo is not a known photo. Upload it again.'] });
    const withoutHome: Record<string, unknown> = { ...seed.seo };
    delete withoutHome.home;
    expect(errorsOf('seo', withoutHome)).toEqual({ home: ['Each page needs a search title and description.'] });
    expect(Object.keys(seed.seo)).toEqual([...PAGE_KEYS]);
  });
});

describe('the differences between versions', () => {
  it('name changed company facts with both values', () => {
    const after = { ...seed.company, phone: { display: '1-888-555-0199', tel: '+18885550199' } };
    expect(describeChanges('company', seed.company, after)).toEqual([
      { label: 'Phone', change: 'changed', before: '1-888-555-0148', after: '1-888-555-0199' },
      { label: 'Phone (tap to call)', change: 'changed', before: '+18885550148', after: '+18885550199' },
    ]);
    expect(describeChanges('company', seed.company, seed.company)).toEqual([]);
  });

  it('name the one item moved, not every item it passed, with its places before and after', () => {
    const [a, b, c, d] = [leader('1', 'Daniel'), leader('2', 'Maria'), leader('3', 'James'), leader('4', 'Rebecca Lin')];
    expect(describeChanges('leaders', [a, b, c, d], [a, d, b, c])).toEqual([{ label: 'Leader "Rebecca Lin"', change: 'moved', before: '4th', after: '2nd' }]);
    expect(describeChanges('leaders', [a, b, c, d], [b, c, a, d])).toEqual([{ label: 'Leader "Daniel"', change: 'moved', before: '1st', after: '3rd' }]);
  });

  it('match items by id: an edit is a change, not a removal and an addition', () => {
    const before = [question('q1', 'What is VPV Lease?'), question('q2', 'Old one?')];
    const after = [question('q1', 'What is VPV Lease?', { answer: 'New answer.' }), question('q3', 'New one?')];
    expect(describeChanges('faq', before, after)).toEqual([
      { label: 'FAQ "Old one?"', change: 'removed', before: 'Old one?', after: null },
      { label: 'FAQ "What is VPV Lease?": answer', change: 'changed', before: 'An answer.', after: 'New answer.' },
      { label: 'FAQ "New one?"', change: 'added', before: null, after: 'New one?' },
    ]);
    const renamed = describeChanges('leaders', [leader('1', 'Dan')], [leader('1', 'Daniel', { photo: { id: 'p' } })]);
    expect(renamed).toEqual([
      { label: 'Leader "Daniel": name', change: 'changed', before: 'Dan', after: 'Daniel' },
      { label: 'Leader "Daniel": photo', change: 'changed', before: 'no photo', after: 'a photo' },
    ]);
  });

  it('cover both association lists and every page’s search entry', () => {
    const associations = { associations: [{ id: 'a', name: 'Guild', url: null }], companies: [] };
    expect(describeChanges('associations', associations, { associations: [{ id: 'a', name: 'Guild', url: 'https://guild.example.org' }], companies: [{ id: 'c', name: 'Acme', url: null }] })).toEqual([
      { label: 'Association "Guild": link', change: 'changed', before: null, after: 'https://guild.example.org' },
      { label: 'Associated company "Acme"', change: 'added', before: null, after: 'Acme' },
    ]);
    const seo = { ...seed.seo, leadership: { ...seed.seo.leadership, title: 'Our team' } };
    expect(describeChanges('seo', seed.seo, seo)).toEqual([{ label: 'Leadership page: search title', change: 'changed', before: seed.seo.leadership.title, after: 'Our team' }]);
  });

  it('spell places as ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '101st', '111th']);
  });
});

describe('leader photo addresses', () => {
  it('are one WebP per size under /media', () => {
    expect(LEADER_PHOTO_SIZES).toEqual([160, 320]);
    expect(leaderPhotoUrl('0f8fad5b-d9cb-469f-a165-70867728950e', 320)).toBe('/media/leader-photos/0f8fad5b-d9cb-469f-a165-70867728950e/320.webp');
  });
});

describe('the Activity page', () => {
  it('names the content kind and every content action in words', () => {
    expect(AUDIT_ENTITY_KINDS).toContain('content');
    expect(activityCopy.kinds.content).toBe('Site content');
    const actions = AUDIT_ACTIONS.filter((action) => action.startsWith('content.'));
    expect(actions).toEqual(['content.draft', 'content.discard', 'content.publish', 'content.restore', 'content.photo']);
    for (const action of actions) expect(activityCopy.actions[action], action).toMatch(/^[A-Z]/);
  });
});
