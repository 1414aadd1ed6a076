import { Code } from '@folio/kernel/document/document.model';
import { codeBlock, codeLines } from './code';

/**
 * What Folio does not know is kept as written: an unfamiliar `{% tag %}` region, an HTML block it does not read,
 * a tag that never closes. Such text becomes a code block of the syntax VERBATIM (a block every renderer shows
 * as text, valid in the spec), and is written back byte for byte. A code block a user gives this syntax is
 * written back as its bare lines too: the one form the dialect does not preserve (documented).
 */
export const VERBATIM = 'verbatim';

export function verbatimBlock(text: string): Code {
  return codeBlock({ syntax: VERBATIM }, text.split('\n'));
}

/** Whether the block is one the dialect kept verbatim. */
export function isVerbatim(block: { type?: unknown; data?: unknown }): boolean {
  return block.type === 'code' && (block.data as Code['data'] | undefined)?.syntax === VERBATIM;
}

/** The text a verbatim block stands for, or undefined for any other block. */
export function verbatimText(block: { type: string; data?: unknown; nodes?: unknown }): string | undefined {
  return isVerbatim(block) ? codeLines(block as Code).join('\n') : undefined;
}
