import { createSecretKey } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';
import type { Role } from '../../contract/roles';
import { ROLES } from '../../contract/roles';

export interface SessionClaims {
  userId: number;
  role: Role;
  tokenVersion: number;
  /** The session the token belongs to (the `sid` claim; a row of the sessions table). */
  sessionId: string;
}

export interface TokenService {
  /** How long a token is valid. */
  ttlSeconds: number;
  sign(claims: SessionClaims): Promise<string>;
  /** The claims of a valid, unexpired token signed by us; null for anything else. */
  verify(token: string): Promise<SessionClaims | null>;
}

export const SESSION_TTL_SECONDS = 12 * 60 * 60;

/** Verified tokens kept per instance; past this many the memo starts again. */
const MAX_VERIFIED = 10_000;

const payloadSchema = z.object({
  sub: z.string().regex(/^[0-9]+$/),
  role: z.enum(ROLES),
  ver: z.number().int().nonnegative(),
  sid: z.uuid(),
  exp: z.number(),
});

/**
 * Whether each of a JWT's three segments is canonical base64url: the one spelling of its bytes
 * (no padding, the unused low bits of the last character zero). Decoders ignore those bits, so a
 * token's last character has up to four spellings that verify; only the one we signed is accepted.
 */
export function isCanonicalJwt(token: string): boolean {
  const segments = token.split('.');
  return (
    segments.length === 3 && segments.every((s) => /^[A-Za-z0-9_-]+$/.test(s) && Buffer.from(s, 'base64url').toString('base64url') === s)
  );
}

export function createTokenService(secret: string, ttlSeconds = SESSION_TTL_SECONDS, now: () => Date = () => new Date()): TokenService {
  // Imported once: a raw key would be imported again on every verification.
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  /**
   * A token's signature is checked once per instance: the same token string always verifies the
   * same way, so later requests only check its expiry. Only tokens that verified are kept, so
   * nobody can fill this with tokens of their own making.
   */
  const verified = new Map<string, { claims: SessionClaims; expiresAtMs: number }>();
  return {
    ttlSeconds,
    sign: ({ userId, role, tokenVersion, sessionId }) =>
      new SignJWT({ role, ver: tokenVersion, sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuedAt(now())
        .setExpirationTime(new Date(now().getTime() + ttlSeconds * 1000))
        .sign(key),
    verify: async (token) => {
      const known = verified.get(token);
      if (known) {
        if (now().getTime() < known.expiresAtMs) return known.claims;
        verified.delete(token);
        return null;
      }
      if (!isCanonicalJwt(token)) return null;
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: now() });
        const parsed = payloadSchema.safeParse(payload);
        if (!parsed.success) return null;
        const claims: SessionClaims = {
          userId: Number(parsed.data.sub),
          role: parsed.data.role,
          tokenVersion: parsed.data.ver,
          sessionId: parsed.data.sid,
        };
        if (verified.size >= MAX_VERIFIED) verified.clear();
        verified.set(token, { claims, expiresAtMs: parsed.data.exp * 1000 });
        return claims;
      } catch {
        return null;
      }
    },
  };
}
