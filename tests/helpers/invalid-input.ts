import type { ApiFieldErrors } from '@domain/api-error.ts';
import { expect } from 'vitest';

/** A 400's body as every endpoint sends it (server/api/errors.ts invalidInput). */
export interface InvalidInputBody {
  message: string;
  fieldErrors: ApiFieldErrors;
}

/**
 * Asserts the one shape of a 400 for invalid input, `{message, fieldErrors}` with each field
 * mapped to a non-empty list of messages, and, when given, exactly which fields were named.
 * Returns the body for further checks.
 *
 * @example const body = await expectInvalidInput(response, ['email']);
 */
export async function expectInvalidInput(response: Response, fields?: readonly string[]): Promise<InvalidInputBody> {
  expect(response.status).toBe(400);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await response.json()) as Record<string, unknown>;
  expect(typeof body.message, JSON.stringify(body)).toBe('string');
  expect(body.message).not.toBe('');
  expect(body.fieldErrors, JSON.stringify(body)).toBeTypeOf('object');
  expect(Array.isArray(body.fieldErrors)).toBe(false);
  const fieldErrors = body.fieldErrors as Record<string, unknown>;
  for (const [field, messages] of Object.entries(fieldErrors)) {
    expect(Array.isArray(messages), `${field}: ${JSON.stringify(messages)}`).toBe(true);
    expect((messages as unknown[]).length, field).toBeGreaterThan(0);
    for (const message of messages as unknown[]) expect(message, field).toBeTypeOf('string');
  }
  if (fields) expect(Object.keys(fieldErrors)).toEqual(fields);
  return body as unknown as InvalidInputBody;
}
