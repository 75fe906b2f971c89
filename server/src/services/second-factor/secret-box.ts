import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Keeps second-factor secrets unreadable in the database (docs/decisions/0015): TOTP secrets are
 * sealed with AES-256-GCM, recovery codes stored as HMAC-SHA-256, both under keys derived (HKDF)
 * from SECOND_FACTOR_KEY, or from the signing secret when that is not set (the embedded demo).
 */
export interface SecretBox {
  seal(plain: string): string;
  /** The sealed text's plain text; throws when it was not sealed with this key. */
  open(sealed: string): string;
  /** A keyed hash: a stolen table of them cannot be searched without the key. */
  mac(value: string): string;
}

const VERSION = 'v1';

export function createSecretBox(keyMaterial: string): SecretBox {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', keyMaterial, 'partner-portal', info, 32));
  const sealKey = derive('second-factor-secrets');
  const macKey = derive('recovery-codes');
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', sealKey, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', sealKey, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
    mac: (value) => createHmac('sha256', macKey).update(value).digest('hex'),
  };
}

/** The key material: SECOND_FACTOR_KEY, else one derived from the signing secret (labelled so the two keys never coincide). */
export function secondFactorKeyMaterial(secondFactorKey: string | undefined, jwtSecret: string): string {
  return secondFactorKey ?? `derived-from-signing-secret:${jwtSecret}`;
}
