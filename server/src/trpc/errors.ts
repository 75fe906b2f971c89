import type { TRPCError } from '@trpc/server';

export const GENERIC_ERROR = 'Something went wrong. Please try again.';

interface Issue {
  message: string;
  path?: readonly PropertyKey[];
}

function issuesOf(cause: unknown): Issue[] | undefined {
  if (cause && typeof cause === 'object' && 'issues' in cause && Array.isArray(cause.issues)) {
    return cause.issues as Issue[];
  }
  return undefined;
}

/**
 * The message a user may see for an error: our own messages as they are, the first validation
 * issue as a sentence naming its field, and nothing of an unexpected failure.
 */
export function publicMessage(error: TRPCError): string {
  if (error.code === 'INTERNAL_SERVER_ERROR') return GENERIC_ERROR;
  const issues = issuesOf(error.cause);
  const first = issues?.[0];
  if (first) {
    const path = (first.path ?? []).map(String).join('.');
    // Our schema messages are whole sentences; zod's own ones get the field's name in front.
    return path && !/[.!]$/.test(first.message) ? `${path}: ${first.message}` : first.message;
  }
  return error.message;
}
