/**
 * Text a partner may send. C0 control characters (U+0000 to U+001F) have no place in a name or an
 * e-mail, and PostgreSQL cannot store U+0000 in text at all; a multi-line text (a message, a
 * description) keeps tab, line feed and carriage return.
 */
export function hasControlCharacters(text: string, multiline = false): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 && !(multiline && (code === 0x09 || code === 0x0a || code === 0x0d))) return true;
  }
  return false;
}
