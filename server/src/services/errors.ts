import { TRPCError } from '@trpc/server';

/** The errors services throw; the tRPC layer and the REST adapters turn them into status codes. */
export const fail = {
  badRequest: (message: string) => new TRPCError({ code: 'BAD_REQUEST', message }),
  unauthorized: (message = 'Please log in again.') => new TRPCError({ code: 'UNAUTHORIZED', message }),
  forbidden: (message = 'You do not have permission to do that.') => new TRPCError({ code: 'FORBIDDEN', message }),
  notFound: (message: string) => new TRPCError({ code: 'NOT_FOUND', message }),
  conflict: (message: string) => new TRPCError({ code: 'CONFLICT', message }),
  tooMany: (message: string) => new TRPCError({ code: 'TOO_MANY_REQUESTS', message }),
  notConfigured: (message: string) => new TRPCError({ code: 'NOT_IMPLEMENTED', message }),
  badGateway: (message: string, cause?: unknown) => new TRPCError({ code: 'BAD_GATEWAY', message, cause }),
  /** The database cannot be reached right now (503); the message is the same for every such failure. */
  unavailable: (cause?: unknown) => new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: UNAVAILABLE_MESSAGE, cause }),
};

export const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a moment.';
