import { useEffect, useState } from 'react';
import { loadGoogleIdentity, requestGoogleAccessToken } from '../lib/google-identity';

type GoogleAccounts = Awaited<ReturnType<typeof loadGoogleIdentity>>;

interface GoogleButtonProps {
  clientId: string;
  label: string;
  disabled?: boolean;
  /** Called with Google's access token after the person consents. */
  onAccessToken: (accessToken: string) => void;
  /** The consent popup failed or was closed. */
  onError: (error: unknown) => void;
}

/** Loads Google's script when shown, so the click can open the consent popup at once. */
export function GoogleButton({ clientId, label, disabled, onAccessToken, onError }: GoogleButtonProps) {
  const [accounts, setAccounts] = useState<GoogleAccounts | null>(null);
  const [unavailable, setUnavailable] = useState(false);

  useEffect(() => {
    let live = true;
    loadGoogleIdentity().then(
      (loaded) => live && setAccounts(loaded),
      () => live && setUnavailable(true),
    );
    return () => {
      live = false;
    };
  }, []);

  return (
    <>
      <button
        type="button"
        className="button button--outline button--google"
        disabled={disabled || !accounts}
        aria-describedby={unavailable ? 'google-unavailable' : undefined}
        onClick={() => {
          if (accounts) requestGoogleAccessToken(accounts, clientId).then(onAccessToken, onError);
        }}
      >
        <GoogleGlyph />
        {label}
      </button>
      {unavailable && (
        <p id="google-unavailable" className="field__hint">
          Google sign-in could not be reached. Please try again later.
        </p>
      )}
    </>
  );
}

function GoogleGlyph() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path
        style={{ fill: 'var(--google-red)' }}
        d="M24 9.5c3.5 0 6.6 1.2 9 3.5l6.7-6.7C35.6 2.4 30.2 0 24 0 14.6 0 6.6 5.4 2.7 13.2l7.8 6C12.4 13.7 17.7 9.5 24 9.5z"
      />
      <path
        style={{ fill: 'var(--google-blue)' }}
        d="M46.1 24.6c0-1.6-.1-3.1-.4-4.6H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.4 5.8c4.3-4 6.9-9.9 6.9-17.1z"
      />
      <path
        style={{ fill: 'var(--google-yellow)' }}
        d="M10.5 28.8c-.5-1.5-.8-3.1-.8-4.8s.3-3.3.8-4.8l-7.8-6C1 16.5 0 20.1 0 24s1 7.5 2.7 10.8l7.8-6z"
      />
      <path
        style={{ fill: 'var(--google-green)' }}
        d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.4-5.8c-2.1 1.4-4.8 2.3-8.5 2.3-6.3 0-11.6-4.2-13.5-9.9l-7.8 6C6.6 42.6 14.6 48 24 48z"
      />
    </svg>
  );
}

/** The sign-in pages' "or" divider and Google button, shown only when Google is configured. */
export function GoogleAlternative({ clientId, ...button }: Omit<GoogleButtonProps, 'clientId'> & { clientId: string | null | undefined }) {
  if (!clientId) return null;
  return (
    <>
      <p className="auth__divider">
        <span>or</span>
      </p>
      <GoogleButton clientId={clientId} {...button} />
    </>
  );
}
