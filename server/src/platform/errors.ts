import { DomainError, UNAVAILABLE_MESSAGE, type ErrorFlag } from '../contract/errors';

/** The errors services throw, one per kind; trpc/errors.ts turns each kind into a status code. */
export const fail = {
  badRequest: (message: string) => new DomainError('badRequest', message),
  unauthorized: (message = 'Please log in again.') => new DomainError('unauthorized', message),
  forbidden: (message = 'You do not have permission to do that.', flag?: ErrorFlag) => new DomainError('forbidden', message, { flag }),
  notFound: (message: string) => new DomainError('notFound', message),
  conflict: (message: string) => new DomainError('conflict', message),
  tooLarge: (message: string) => new DomainError('tooLarge', message),
  tooMany: (message: string) => new DomainError('tooMany', message),
  notConfigured: (message: string) => new DomainError('notConfigured', message),
  badGateway: (message: string, cause?: unknown) => new DomainError('badGateway', message, { cause }),
  /** The database cannot be reached right now (503); the message is the same for every such failure. */
  unavailable: (cause?: unknown) => new DomainError('unavailable', UNAVAILABLE_MESSAGE, { cause }),
};
