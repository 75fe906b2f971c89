import type { FastifyRequest } from 'fastify';
import type { AppServices } from '../app-services';
import type { SerializedSlots } from '../platform/serialized';

export interface Context {
  deps: AppServices;
  /** The bearer token sent, if any; checked only by procedures that need a user. */
  token: string | null;
  ip: string;
  /** The browser's User-Agent, kept on a session started by this request. */
  userAgent?: string | undefined;
  /** On the tRPC route: where kept answers go instead of being serialized again (docs/decisions/0022). */
  serializedSlots?: SerializedSlots | undefined;
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

export function contextFromRequest(deps: AppServices, req: FastifyRequest): Context {
  return { deps, token: bearerToken(req.headers.authorization), ip: req.ip, userAgent: req.headers['user-agent'] };
}
