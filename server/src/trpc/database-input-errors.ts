import { DomainError } from '../contract/errors';

/**
 * PostgreSQL errors that mean the request carried a value the database cannot take, with the
 * message the caller gets. The input schemas should refuse such values first, naming the field;
 * this is the last line of defence, so a value they let through is a 400, never a 500.
 */
const INPUT_ERRORS: Record<string, string> = {
  // untranslatable character (U+0000 in text, PGlite), invalid byte sequence (postgres)
  '22P05': 'The request has text with characters that cannot be stored.',
  '22021': 'The request has text with characters that cannot be stored.',
  // numeric_value_out_of_range: a number too large for its column
  '22003': 'The request has a number that is too large to store.',
  // string_data_right_truncation
  '22001': 'The request has a text that is too long to store.',
  // invalid_text_representation: text where a number or another type was needed
  '22P02': 'The request has a value that is not in the form it needs.',
  // invalid_datetime_format, datetime_field_overflow
  '22007': 'The request has a date or time that is not valid.',
  '22008': 'The request has a date or time that is not valid.',
};

/** The message for the first error in the cause chain (tRPC, drizzle, the driver) that is one of these. */
function inputErrorMessage(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 6; depth += 1) {
    if ('code' in e && typeof e.code === 'string' && Object.hasOwn(INPUT_ERRORS, e.code)) return INPUT_ERRORS[e.code];
    e = 'cause' in e ? e.cause : undefined;
  }
  return undefined;
}

/** A 400 with a readable message when the database refused a value of the request; else undefined. */
export function clientErrorFromDatabase(err: unknown): DomainError | undefined {
  const message = inputErrorMessage(err);
  return message === undefined ? undefined : new DomainError('badRequest', message, { cause: err });
}
