export const ROLES = ['GP', 'LP'] as const;
export type Role = (typeof ROLES)[number];

/** A role as stored (upper case): GP or LP. */
export const isRole = (role: string): role is Role => (ROLES as readonly string[]).includes(role);

/** docs/product.md §2: LP (any case) gets the LP pages; any other role gets the GP pages. */
export function isLimitedPartner(role: string | null | undefined): boolean {
  return (role ?? '').toUpperCase() === 'LP';
}
