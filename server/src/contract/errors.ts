/**
 * What went wrong, in the product's words and without a transport: services throw these, and the
 * tRPC layer maps each kind to its status once (trpc/errors.ts), for tRPC and the REST paths alike.
 */
export const DOMAIN_ERROR_KINDS = [
  'badRequest',
  'unauthorized',
  'forbidden',
  'notFound',
  'conflict',
  'tooMany',
  'notConfigured',
  'badGateway',
  'unavailable',
] as const;
export type DomainErrorKind = (typeof DOMAIN_ERROR_KINDS)[number];

export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a moment.';
