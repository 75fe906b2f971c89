/**
 * The one e-mail rule of the product, on the server (contract/fields.ts) and in the browser (the
 * pattern of every e-mail input), so the browser never accepts an address the server refuses
 * ("x@y.z": the top-level domain needs two letters or more). It is zod's e-mail pattern, written
 * so that it also compiles as an HTML pattern attribute (the `v` flag).
 */
export const EMAIL_PATTERN = "(?!\\.)(?!.*\\.\\.)[A-Za-z0-9_'+.\\-]*[A-Za-z0-9_+\\-]@([A-Za-z0-9][A-Za-z0-9\\-]*\\.)+[A-Za-z]{2,}";

export const EMAIL_RULE = new RegExp(`^(?:${EMAIL_PATTERN})$`);

export const EMAIL_MESSAGE = 'Please enter a valid email address.';
