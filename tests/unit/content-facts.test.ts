import fs from 'node:fs';
import path from 'node:path';
import { affiliations } from '@content/home';
import { isPlaceholderImage, leaders } from '@content/leaders';
import { site } from '@content/site';
import { describe, expect, it } from 'vitest';

/**
 * The facts a marketer replaces (content/README.md): whatever the values, they must keep
 * the shape the site relies on, so a typo fails `npm test` instead of shipping a dead
 * phone link, a broken profile link or a missing photo.
 */

const publicDir = path.resolve(import.meta.dirname, '..', '..', 'public');
const digits = (text: string) => text.replace(/\D/g, '');
const isEmail = (text: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);
const isWebAddress = (text: string, protocols: readonly string[]) => {
  try {
    return protocols.includes(new URL(text).protocol);
  } catch {
    return false;
  }
};

describe('content/site.ts', () => {
  it('has a phone number whose tap-to-call form is the number shown', () => {
    expect(site.phone.tel, 'phone.tel: + then the country code and number, digits only').toMatch(/^\+\d{8,15}$/);
    // The shown number may leave out the country code, but not differ otherwise.
    expect(digits(site.phone.tel).endsWith(digits(site.phone.display)), `phone.display ${site.phone.display} against phone.tel ${site.phone.tel}`).toBe(
      true,
    );
    expect(digits(site.phone.display).length).toBeGreaterThanOrEqual(7);
  });

  it('has a sales e-mail address', () => {
    expect(isEmail(site.email.sales), site.email.sales).toBe(true);
  });

  it('has a complete headquarters address', () => {
    for (const field of ['street', 'city', 'region', 'postalCode'] as const) expect(site.address[field].trim(), field).not.toBe('');
    expect(site.address.regionCode, 'regionCode: the two-letter state code, e.g. TX').toMatch(/^[A-Z]{2}$/);
    expect(site.address.country, 'country: the two-letter country code, e.g. US').toMatch(/^[A-Z]{2}$/);
  });

  it('has an equipment store address the browser can open', () => {
    expect(isWebAddress(site.rentalStoreUrl, ['https:', 'http:']), site.rentalStoreUrl).toBe(true);
  });
});

describe('content/leaders.ts', () => {
  it('has the four leaders, with their titles', () => {
    expect(leaders.map((leader) => leader.title)).toEqual([
      'Founder & Chief Executive Officer',
      'Chief Commercial Officer',
      'Chief Operating Officer',
      'Chief Financial Officer',
    ]);
  });

  it.each(leaders.map((leader) => [leader.name, leader] as const))('%s has a name, a biography, a profile link and an e-mail', (_name, leader) => {
    expect(leader.name.trim()).not.toBe('');
    expect(leader.bio.trim()).not.toBe('');
    expect(isWebAddress(leader.linkedin, ['https:']), `linkedin: ${leader.linkedin}`).toBe(true);
    expect(isEmail(leader.email), `email: ${leader.email}`).toBe(true);
  });

  it.each(leaders.map((leader) => [leader.name, leader.image] as const))('%s has a photo that exists, or none yet', (_name, image) => {
    if (isPlaceholderImage(image)) return;
    expect(image, 'image: a path under public/, starting with /').toMatch(/^\/[^/]/);
    expect(fs.existsSync(path.join(publicDir, image)), `public${image} exists`).toBe(true);
  });
});

describe('content/home.ts affiliations', () => {
  it.each([
    ['associations', affiliations.associations.names],
    ['companies', affiliations.companies.names],
  ] as const)('lists %s, each once', (_list, names) => {
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name.trim()).not.toBe('');
    expect(new Set(names).size).toBe(names.length);
  });
});
