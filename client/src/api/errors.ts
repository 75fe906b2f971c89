import { TRPCClientError } from '@trpc/client';
import type { AppRouter } from '@server/router';

export type ApiError = TRPCClientError<AppRouter>;

export function isApiError(error: unknown): error is ApiError {
  return error instanceof TRPCClientError;
}

/** The HTTP status the server answered for this call, if it answered at all. */
export function httpStatusOf(error: unknown): number | undefined {
  return isApiError(error) ? error.data?.httpStatus : undefined;
}

/**
 * docs/product.md §8: the server's error message when it sent one, else the page's fallback. A failure with
 * no answer from the server (network down) has the browser's message, which only the contact
 * form shows (`orOwnMessage`).
 */
export function messageOf(error: unknown, fallback: string, options: { orOwnMessage?: boolean } = {}): string {
  if (isApiError(error) && error.data && error.message.trim() !== '') return error.message;
  if (options.orOwnMessage && error instanceof Error && error.message.trim() !== '') return error.message;
  return fallback;
}
