import { GlossaryTerm } from '../page-translation';

/** A piece of a text: words for the engine, or a glossary term whose translation is fixed. */
export type GlossaryPiece = { text: string } | { text: string; term: GlossaryTerm };

/**
 * Finds a glossary's terms in texts: case-insensitive, whole words only (a letter, digit or `_` on either side
 * is no boundary), the longest term first so that "pull request" wins over "pull". Built once per page.
 */
export class GlossaryMatcher {
  private readonly pattern: RegExp | null;
  private readonly byLowerSource = new Map<string, GlossaryTerm>();

  constructor(glossary: readonly GlossaryTerm[]) {
    for (const term of glossary) {
      const source = normalized(term.source);
      if (source && !this.byLowerSource.has(source)) this.byLowerSource.set(source, term);
    }
    const sources = [...this.byLowerSource.keys()].sort((a, b) => b.length - a.length);
    this.pattern = sources.length
      ? new RegExp(`(?<![\\p{L}\\p{N}_])(?:${sources.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}_])`, 'giu')
      : null;
  }

  /** `text` cut into pieces, the terms apart; one piece without a term when none occurs. */
  split(text: string): GlossaryPiece[] {
    if (!this.pattern) return [{ text }];
    const pieces: GlossaryPiece[] = [];
    let at = 0;
    for (const match of text.matchAll(this.pattern)) {
      const term = this.byLowerSource.get(normalized(match[0]));
      if (!term) continue;
      if (match.index > at) pieces.push({ text: text.slice(at, match.index) });
      pieces.push({ text: match[0], term });
      at = match.index + match[0].length;
    }
    if (at < text.length || pieces.length === 0) pieces.push({ text: text.slice(at) });
    return pieces;
  }
}

/** A term as the matcher keys it: lower case, spaces collapsed (a term's words may be split by any spaces). */
function normalized(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLocaleLowerCase();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');
}
