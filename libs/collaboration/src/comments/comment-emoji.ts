/**
 * One emoji, as the client spec's Emoji allows it: the character itself (a single RGI emoji, with its
 * modifiers and joiners) or its code points in hex (`1f44d`, `1f468-200d-1f469`). Reactions store the
 * character, so both spellings of one emoji are one reaction.
 */
// Built at run time: the `v` flag (Unicode sets, for RGI_Emoji) is newer than the compile target.
const ONE_EMOJI = new RegExp('^\\p{RGI_Emoji}$', 'v');
const CODE_POINTS = /^[0-9a-f]{2,6}(?:-[0-9a-f]{2,6}){0,9}$/i;

/** The emoji `value` names, as its character; null when it is not exactly one emoji. */
export function emojiOf(value: string): string | null {
  if (ONE_EMOJI.test(value)) return value;
  if (!CODE_POINTS.test(value)) return null;
  const points = value.split('-').map((hex) => parseInt(hex, 16));
  if (points.some((point) => point > 0x10ffff)) return null;
  const character = String.fromCodePoint(...points);
  return ONE_EMOJI.test(character) ? character : null;
}
