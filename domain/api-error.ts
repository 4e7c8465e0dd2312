/**
 * The JSON body of an API error answer: a message a person can read and, for invalid
 * input (400), each field's messages, keyed by the field's name.
 *
 * @example
 * { "message": "Check the highlighted fields.", "fieldErrors": { "email": ["Email is required."] } }
 */
export interface ApiErrorBody {
  message: string;
  fieldErrors?: Record<string, string[]>;
}
