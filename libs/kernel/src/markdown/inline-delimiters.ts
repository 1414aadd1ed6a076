/**
 * Whether Markdown's emphasis delimiters read back as the mark where the writer puts them. CommonMark decides
 * it from the characters on either side of a delimiter run (its "flanking" rules): `**a**b` is bold but
 * `a**.b**` is not, `_a_` is italic but `a_b_c` is not. Where the Markdown form would not read back, the writer
 * uses the mark's HTML tag, which always does.
 */
export type Delimiter = '**' | '*' | '_' | '~~';

type CharacterClass = 'space' | 'punctuation' | 'other';

const PUNCTUATION = /[\p{P}\p{S}]/u;

/** A character as micromark classifies it; '' (the paragraph's edge) is whitespace. */
function classify(character: string): CharacterClass {
  if (character === '' || /\s/u.test(character)) return 'space';
  return PUNCTUATION.test(character) ? 'punctuation' : 'other';
}

function leftFlanking(before: CharacterClass, after: CharacterClass): boolean {
  return after !== 'space' && (after !== 'punctuation' || before !== 'other');
}

function rightFlanking(before: CharacterClass, after: CharacterClass): boolean {
  return before !== 'space' && (before !== 'punctuation' || after !== 'other');
}

/**
 * Does `delimiter` open between `before` and `first` (the mark's first character) and close between `last` (its
 * last) and `after`?
 */
export function emphasisFits(delimiter: Delimiter, before: string, first: string, last: string, after: string): boolean {
  const [b, f, l, a] = [before, first, last, after].map(classify);
  switch (delimiter) {
    case '**':
    case '*':
      return leftFlanking(b, f) && rightFlanking(l, a);
    case '_':
      return leftFlanking(b, f) && (!rightFlanking(b, f) || b === 'punctuation') && rightFlanking(l, a) && (!leftFlanking(l, a) || a === 'punctuation');
    case '~~':
      // GFM's strikethrough: an opener is followed by a letter, or by punctuation after space or punctuation; a closer mirrors it.
      return (f === 'other' || (f === 'punctuation' && b !== 'other')) && (l === 'other' || (l === 'punctuation' && a !== 'other'));
  }
}
