/** The admin session cookie: HttpOnly, SameSite=Lax, Path=/; Secure and __Host- on https. */
export interface SessionCookieOptions {
  secure: boolean;
  maxAgeSeconds: number;
}

export function sessionCookieName(secure: boolean): string {
  // __Host- makes the browser insist on Secure, Path=/ and no Domain: no subdomain can plant it.
  return secure ? '__Host-vpv_admin' : 'vpv_admin';
}

export function serializeSessionCookie(token: string, options: SessionCookieOptions): string {
  return [
    `${sessionCookieName(options.secure)}=${token}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${options.maxAgeSeconds}`,
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

export function clearSessionCookie(secure: boolean): string {
  return [`${sessionCookieName(secure)}=`, 'Path=/', 'HttpOnly', 'SameSite=Lax', 'Max-Age=0', ...(secure ? ['Secure'] : [])].join('; ');
}

/** Reads one cookie from a Cookie header; tokens are base64url, so no decoding is needed. */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index === -1) continue;
    if (part.slice(0, index).trim() === name) {
      const value = part.slice(index + 1).trim();
      return /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : null;
    }
  }
  return null;
}
