import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';

export const PASSKEY_CANCELLED = 'The passkey was not used. Try again when you are ready.';
export const PASSKEYS_UNSUPPORTED = 'This browser cannot use passkeys.';

/**
 * The browser's side of a passkey (docs/decisions/0015 "Passkeys"). @simplewebauthn/browser is
 * loaded only here, when a passkey is actually asked for, so public pages never carry it.
 */
async function webauthn() {
  const lib = await import('@simplewebauthn/browser');
  if (!lib.browserSupportsWebAuthn()) throw new Error(PASSKEYS_UNSUPPORTED);
  return lib;
}

/** Creates a passkey for the server's creation options; answers what finishRegistration takes. */
export async function createPasskey(options: Record<string, unknown>) {
  const lib = await webauthn();
  try {
    const answer = await lib.startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
    return { ...answer, clientExtensionResults: { ...answer.clientExtensionResults } as Record<string, unknown> };
  } catch (error) {
    throw new Error(error instanceof Error && error.name === 'NotAllowedError' ? PASSKEY_CANCELLED : messageOf(error));
  }
}

/** Signs the server's challenge with a passkey; answers the assertion for loginPasskey or stepUp. */
export async function signWithPasskey(options: Record<string, unknown>) {
  const lib = await webauthn();
  try {
    const answer = await lib.startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON });
    return { ...answer, clientExtensionResults: { ...answer.clientExtensionResults } as Record<string, unknown> };
  } catch (error) {
    throw new Error(error instanceof Error && error.name === 'NotAllowedError' ? PASSKEY_CANCELLED : messageOf(error));
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error && error.message !== '' ? error.message : PASSKEY_CANCELLED;
}
