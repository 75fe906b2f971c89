import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';
import type { Role } from '../domain/roles';

export interface SessionClaims {
  userId: number;
  role: Role;
  tokenVersion: number;
}

export interface TokenService {
  sign(claims: SessionClaims): Promise<string>;
  /** The claims of a valid, unexpired token signed by us; null for anything else. */
  verify(token: string): Promise<SessionClaims | null>;
}

export const SESSION_TTL_SECONDS = 12 * 60 * 60;

const payloadSchema = z.object({
  sub: z.string().regex(/^[0-9]+$/),
  role: z.enum(['GP', 'LP']),
  ver: z.number().int().nonnegative(),
});

export function createTokenService(secret: string, ttlSeconds = SESSION_TTL_SECONDS): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    sign: ({ userId, role, tokenVersion }) =>
      new SignJWT({ role, ver: tokenVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const parsed = payloadSchema.safeParse(payload);
        if (!parsed.success) return null;
        return { userId: Number(parsed.data.sub), role: parsed.data.role, tokenVersion: parsed.data.ver };
      } catch {
        return null;
      }
    },
  };
}
