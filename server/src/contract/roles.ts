export const ROLES = ['GP', 'LP'] as const;
export type Role = (typeof ROLES)[number];

/** SPEC §2: LP (any case) gets the LP pages; any other role gets the GP pages. */
export function isLimitedPartner(role: string | null | undefined): boolean {
  return (role ?? '').toUpperCase() === 'LP';
}
