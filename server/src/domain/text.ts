/**
 * Text a partner may send. C0 control characters (U+0000 to U+001F), DEL and the C1 controls
 * (U+0080 to U+009F) have no place in a name or an e-mail, and PostgreSQL cannot store U+0000 in
 * text at all; a multi-line text (a message, a description) keeps tab, line feed and carriage return.
 * Without `c1` only the C0 controls count (a password, which older rules let hold the others).
 */
export function hasControlCharacters(text: string, multiline = false, c1 = true): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 && !(multiline && (code === 0x09 || code === 0x0a || code === 0x0d))) return true;
    if (c1 && code >= 0x7f && code <= 0x9f) return true;
  }
  return false;
}

/**
 * The bidirectional embeddings, overrides and isolates (U+202A to U+202E, U+2066 to U+2069): they
 * reorder what follows them, so a name shown in a table could read as something else ("Trojan
 * Source"). The plain direction marks (U+200E, U+200F, U+061C) stay allowed for right-to-left names.
 */
export function hasDirectionOverrides(text: string): boolean {
  return /[\u202a-\u202e\u2066-\u2069]/.test(text);
}
