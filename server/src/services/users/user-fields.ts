/** How a user signs in, as the profile and user info show it. */
export function authMethodOf(user: { passwordHash: string | null; googleId: string | null }): 'local' | 'google' {
  return user.passwordHash === null && user.googleId !== null ? 'google' : 'local';
}

export function isoOrNull(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}
