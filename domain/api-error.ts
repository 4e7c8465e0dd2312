/**
 * The JSON body of an API error answer: a message a person can read and, for invalid
 * input (400), each field's messages, keyed by the field's name.
 *
 * @example
 * { "message": "Check the highlighted fields.", "fieldErrors": { "email": ["Email is required."] } }
 */
export interface ApiErrorBody {
  message: string;
  /** Always present on a 400 for invalid input (empty when no single field is to blame). */
  fieldErrors?: ApiFieldErrors;
}

/** Each field's messages, keyed by the field's name, in the order they were found. */
export type ApiFieldErrors = Record<string, string[]>;

/** One message a field, the first problem found: what a form shows under each field. */
export type FieldErrors = Partial<Record<string, string>>;

/** The first message of each field of a 400's lists. */
export function firstMessages(fieldErrors: ApiFieldErrors): FieldErrors {
  const firsts = Object.entries(fieldErrors).flatMap(([field, messages]) => (messages[0] === undefined ? [] : [[field, messages[0]]]));
  return Object.fromEntries(firsts);
}
