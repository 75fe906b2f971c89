import { createRemoteJWKSet, jwtVerify } from 'jose';
import { z } from 'zod';
import type { Config } from '../../config';
import { fail } from '../../platform/errors';

export interface GoogleIdentity {
  sub: string;
  email: string;
  givenName: string | undefined;
  familyName: string | undefined;
}

/** The proof a browser sends: a Google ID token, or an OAuth access token. */
export interface GoogleProof {
  credential?: string | undefined;
  accessToken?: string | undefined;
}

export interface GoogleVerifier {
  readonly configured: boolean;
  /** The OAuth client id the browser's Google button uses; undefined when Google is off. */
  readonly clientId: string | undefined;
  /** The verified identity behind the proof; throws 401 when it does not hold. */
  verify(proof: GoogleProof): Promise<GoogleIdentity>;
}

export const GOOGLE_NOT_CONFIGURED = 'Google sign-in is not configured on this server.';
const REJECTED = 'Google could not confirm this sign-in. Please try again.';
const UNVERIFIED = 'Your Google e-mail address is not verified.';

const verifiedFlag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

const idTokenClaims = z.object({
  sub: z.string().min(1),
  email: z.string().email(),
  email_verified: verifiedFlag,
  given_name: z.string().optional(),
  family_name: z.string().optional(),
});

const tokenInfo = z.object({ aud: z.string().optional(), azp: z.string().optional() });

const userInfo = z.object({
  sub: z.string().min(1),
  email: z.string().email(),
  email_verified: verifiedFlag.optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
});

export function createGoogleVerifier(google: Config['google']): GoogleVerifier {
  const { clientId } = google;
  const jwks = createRemoteJWKSet(new URL(google.jwksUrl), { timeoutDuration: 5000 });

  async function fetchJson(url: string, init?: RequestInit): Promise<unknown> {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(5000) }).catch(() => {
      throw fail.unauthorized(REJECTED);
    });
    if (!res.ok) throw fail.unauthorized(REJECTED);
    return res.json().catch(() => {
      throw fail.unauthorized(REJECTED);
    });
  }

  function toIdentity(claims: z.infer<typeof userInfo>): GoogleIdentity {
    if (claims.email_verified !== true) throw fail.unauthorized(UNVERIFIED);
    return { sub: claims.sub, email: claims.email, givenName: claims.given_name, familyName: claims.family_name };
  }

  return {
    configured: clientId !== undefined,
    clientId,
    async verify(proof) {
      if (!clientId) throw fail.notConfigured(GOOGLE_NOT_CONFIGURED);
      if (proof.credential) {
        const payload = await jwtVerify(proof.credential, jwks, {
          issuer: google.issuers,
          audience: clientId,
          algorithms: ['RS256'],
        }).then(
          (r) => r.payload,
          () => {
            throw fail.unauthorized(REJECTED);
          },
        );
        const claims = idTokenClaims.safeParse(payload);
        if (!claims.success) throw fail.unauthorized(REJECTED);
        return toIdentity(claims.data);
      }
      if (proof.accessToken) {
        // The access token must have been issued to this app, not to some other site the user signed in to.
        const info = tokenInfo.safeParse(await fetchJson(`${google.tokeninfoUrl}?access_token=${encodeURIComponent(proof.accessToken)}`));
        if (!info.success || (info.data.aud !== clientId && info.data.azp !== clientId)) {
          throw fail.unauthorized(REJECTED);
        }
        const user = userInfo.safeParse(await fetchJson(google.userinfoUrl, { headers: { authorization: `Bearer ${proof.accessToken}` } }));
        if (!user.success) throw fail.unauthorized(REJECTED);
        return toIdentity(user.data);
      }
      throw fail.badRequest('A Google credential or access token is required.');
    },
  };
}
