/**
 * Media types as RFC 9110 writes them (`type/subtype` and `; name=value` parameters), with the type and
 * subtype names of RFC 6838 (at most 127 characters each). Type and subtype are case-insensitive and
 * are lowercased; parameters are kept as given.
 */
const NAME = "[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}";
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
// A quoted string holds any visible character, space or tab; `\` escapes one of them.
const QUOTED = '"(?:[\\t\\x20\\x21\\x23-\\x5b\\x5d-\\x7e\\x80-\\xff]|\\\\[\\t\\x20-\\x7e\\x80-\\xff])*"';
const PARAMETERS = `(?:[ \\t]*;[ \\t]*${TOKEN}=(?:${TOKEN}|${QUOTED}))*`;
const MEDIA_TYPE = new RegExp(`^(${NAME})/(${NAME})(${PARAMETERS})$`);

/** Long enough for any real media type and its charset or boundary; a longer one is refused, not parsed. */
export const MAX_MEDIA_TYPE_LENGTH = 256;

/** The media type with its type and subtype lowercased, or null when `text` is not a media type. */
export function normalizeMediaType(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed.length > MAX_MEDIA_TYPE_LENGTH) return null;
  const match = MEDIA_TYPE.exec(trimmed);
  return match ? `${match[1].toLowerCase()}/${match[2].toLowerCase()}${match[3]}` : null;
}

/** `type/subtype` without parameters, lowercased: what decides how bytes are read. */
export function mediaTypeEssence(mediaType: string): string {
  return mediaType.split(';', 1)[0].trim().toLowerCase();
}
