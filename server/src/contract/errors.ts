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
  /** A file or body over its limit (413). */
  'tooLarge',
  'tooMany',
  'notConfigured',
  'badGateway',
  'unavailable',
] as const;
export type DomainErrorKind = (typeof DOMAIN_ERROR_KINDS)[number];

/**
 * What the client should do about a refusal, beyond showing its message (docs/decisions/0016):
 * `stepUp`, ask for a second factor and try again; `enrolSecondFactor`, set one up first.
 * Sent as `true` beside the message (REST `{error, stepUp: true}`, tRPC `error.data.stepUp`).
 */
export const ERROR_FLAGS = ['stepUp', 'enrolSecondFactor'] as const;
export type ErrorFlag = (typeof ERROR_FLAGS)[number];
export type ErrorFlags = Partial<Record<ErrorFlag, true>>;

export class DomainError extends Error {
  override readonly name = 'DomainError';
  readonly flag: ErrorFlag | undefined;
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    options?: { cause?: unknown; flag?: ErrorFlag | undefined },
  ) {
    super(message, options);
    this.flag = options?.flag;
  }
}

export const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a moment.';
