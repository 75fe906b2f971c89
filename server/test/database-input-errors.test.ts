import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { clientErrorFromDatabase } from '../src/trpc/database-input-errors';

/** A PostgreSQL error as the procedures see it: the driver's, in drizzle's, in tRPC's. */
const wrapped = (code: string) =>
  new TRPCError({
    code: 'INTERNAL_SERVER_ERROR',
    cause: Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('pg'), { code }) }),
  });

describe('clientErrorFromDatabase', () => {
  it.each([
    ['22P05', 'The request has text with characters that cannot be stored.'],
    ['22021', 'The request has text with characters that cannot be stored.'],
    ['22003', 'The request has a number that is too large to store.'],
    ['22001', 'The request has a text that is too long to store.'],
    ['22P02', 'The request has a value that is not in the form it needs.'],
    ['22007', 'The request has a date or time that is not valid.'],
    ['22008', 'The request has a date or time that is not valid.'],
  ])('turns PostgreSQL %s from bad input into 400 "%s"', (code, message) => {
    expect(clientErrorFromDatabase(wrapped(code))).toMatchObject({ kind: 'badRequest', message });
    expect(clientErrorFromDatabase({ code })).toMatchObject({ kind: 'badRequest', message });
  });

  it.each(['23505', '08006', '57P01', '42P01', 'EPIPE', 'ECONNREFUSED'])('leaves %s to the other error handling', (code) => {
    expect(clientErrorFromDatabase(wrapped(code))).toBeUndefined();
  });

  it('leaves errors without a code alone', () => {
    expect(clientErrorFromDatabase(new Error('boom'))).toBeUndefined();
    expect(clientErrorFromDatabase(new TRPCError({ code: 'NOT_FOUND', message: 'gone' }))).toBeUndefined();
    expect(clientErrorFromDatabase(undefined)).toBeUndefined();
  });
});
