import { TRPCError, type TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { DomainError, type DomainErrorKind, type ErrorFlags } from '../contract/errors';

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

/** Each kind of domain error's status, in one place for tRPC and the REST paths. */
const CODE_OF: Record<DomainErrorKind, TRPC_ERROR_CODE_KEY> = {
  badRequest: 'BAD_REQUEST',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  tooLarge: 'PAYLOAD_TOO_LARGE',
  tooMany: 'TOO_MANY_REQUESTS',
  notConfigured: 'NOT_IMPLEMENTED',
  badGateway: 'BAD_GATEWAY',
  unavailable: 'SERVICE_UNAVAILABLE',
};

/** A domain error as the tRPC error of its status; the cause stays for the log, a flagged error stays the cause for its flag. */
export function toTRPCError(error: DomainError): TRPCError {
  return new TRPCError({ code: CODE_OF[error.kind], message: error.message, cause: error.flag ? error : error.cause });
}

/** The flag a refusal carries for the client (contract/errors.ts ERROR_FLAGS), as fields of its answer. */
export function flagFields(error: TRPCError): ErrorFlags {
  const flag = error.cause instanceof DomainError ? error.cause.flag : undefined;
  return flag ? { [flag]: true } : {};
}

/** Any thrown value as a tRPC error: domain errors by their kind, anything unexpected as a 500. */
export function trpcErrorOf(err: unknown): TRPCError {
  if (err instanceof TRPCError) return err.cause instanceof DomainError ? toTRPCError(err.cause) : err;
  if (err instanceof DomainError) return toTRPCError(err);
  return new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: err });
}
