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
