import { firstMessages } from '@domain/api-error';
import { fieldErrorsOf, z } from '@domain/zod';
import { describe, expect, it } from 'vitest';
import { ApiError, failureNotice, firstFieldErrors, readApiError } from '~/lib/api';

/** The two shapes of field errors: the API's lists (domain/zod.ts) and a form's first messages (domain/api-error.ts). */
describe('fieldErrorsOf and firstMessages', () => {
  const schema = z.object({
    name: z.string().min(3, 'Too short.').regex(/^[a-z]+$/, 'Letters only.'),
    age: z.number('A number, please.'),
  });

  it('lists every message of each field, in order, and a form shows the first', () => {
    const result = schema.safeParse({ name: '1', age: 'x' });
    expect(result.success).toBe(false);
    const lists = fieldErrorsOf(result.error as z.ZodError);
    expect(lists).toEqual({ name: ['Too short.', 'Letters only.'], age: ['A number, please.'] });
    expect(Object.keys(lists)).toEqual(['name', 'age']);
    expect(firstMessages(lists)).toEqual({ name: 'Too short.', age: 'A number, please.' });
  });

  it('names no field for a problem with the whole value', () => {
    const result = schema.safeParse('not an object');
    expect(fieldErrorsOf(result.error as z.ZodError)).toEqual({});
  });
});

/** The browser's one reader of failure answers (app/lib/api.ts, docs/api.md). */
describe('readApiError', () => {
  const answer = (status: number, body: string, statusText = '', type = 'application/json') =>
    new Response(body, { status, statusText, headers: { 'Content-Type': type } });

  it('says "{status}: {body text}" and carries the field errors of a 400', async () => {
    const body = JSON.stringify({ message: 'Some fields are missing or invalid.', fieldErrors: { email: ['Email is required.'] } });
    const error = await readApiError(answer(400, body, 'Bad Request'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe(`400: ${body}`);
    expect(error.status).toBe(400);
    expect(error.serverMessage).toBe('Some fields are missing or invalid.');
    expect(error.fieldErrors).toEqual({ email: ['Email is required.'] });
    expect(firstFieldErrors(error)).toEqual({ email: 'Email is required.' });
  });

  it('uses the status text when the body is empty', async () => {
    const error = await readApiError(answer(502, '', 'Bad Gateway', 'text/plain'));
    expect(error.message).toBe('502: Bad Gateway');
    expect(error.serverMessage).toBe('');
    expect(error.fieldErrors).toEqual({});
  });

  it('takes a plain-text body as the message', async () => {
    const error = await readApiError(answer(401, 'Invalid username or password', 'Unauthorized', 'text/plain'));
    expect(error.message).toBe('401: Invalid username or password');
    expect(error.serverMessage).toBe('Invalid username or password');
    expect(error.fieldErrors).toEqual({});
  });

  it("keeps a JSON object body's other keys (the login's codeRequired)", async () => {
    const error = await readApiError(answer(401, '{"message":"Invalid verification code","codeRequired":true}', 'Unauthorized'));
    expect(error.serverMessage).toBe('Invalid verification code');
    expect(error.json?.codeRequired).toBe(true);
    expect((await readApiError(answer(500, '[1]'))).json).toBeNull();
  });

  it('keeps only lists of strings from field errors of another shape', async () => {
    const body = JSON.stringify({ message: 'x', fieldErrors: { a: 'one string', b: [1, 'kept'], c: [], d: null } });
    const error = await readApiError(answer(400, body));
    expect(error.fieldErrors).toEqual({ b: ['kept'] });
    for (const odd of ['[1,2]', 'null', '"text"', '{"fieldErrors":[["a","b"]]}']) {
      expect((await readApiError(answer(400, odd))).fieldErrors).toEqual({});
    }
  });

  it('leaves a field named __proto__ as data', async () => {
    const error = await readApiError(answer(400, '{"message":"x","fieldErrors":{"__proto__":["bad"]}}'));
    expect(Object.getPrototypeOf(error.fieldErrors)).toBe(Object.prototype);
    expect(Object.keys(error.fieldErrors)).toEqual(['__proto__']);
  });

  it('gives no field errors for anything but an ApiError', () => {
    expect(firstFieldErrors(new Error('Network error'))).toEqual({});
    expect(firstFieldErrors(undefined)).toEqual({});
  });
});

/** What every failure toast says (docs/api.md, issue 16 item 5). */
describe('failureNotice', () => {
  const answer = (status: number, body: string, statusText = '') => new Response(body, { status, statusText });

  it('puts the status before the server\'s words: a text body, a JSON message, else the status text', async () => {
    expect(failureNotice(await readApiError(answer(401, 'Invalid username or password', 'Unauthorized')), 'Login failed')).toBe(
      '401: Invalid username or password',
    );
    expect(failureNotice(await readApiError(answer(409, '{"message":"A term named \\"LNG\\" already exists."}', 'Conflict')), 'x')).toBe(
      '409: A term named "LNG" already exists.',
    );
    expect(failureNotice(await readApiError(answer(503, '', 'Service Unavailable')), 'x')).toBe('503: Service Unavailable');
    expect(failureNotice(await readApiError(answer(500, '')), 'Failed to create term')).toBe('500: Failed to create term');
  });

  it("says the call's fallback when no answer came", () => {
    expect(failureNotice(new TypeError('Failed to fetch'), 'Failed to delete term')).toBe('Failed to delete term');
    expect(failureNotice(undefined, 'Login failed')).toBe('Login failed');
  });
});
