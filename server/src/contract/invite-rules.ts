/** docs/product.md §6: invites, shared by the server and the GP tools. */
export const INVITE_VALIDITY_HOURS = 24;
export const INVALID_INVITE = 'This invite link is invalid, expired or already used. Ask a general partner for a new one.';
