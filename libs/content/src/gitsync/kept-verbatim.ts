import { PageDocument } from '@folio/kernel/document/document.model';

/**
 * The syntax of the code blocks the dialect keeps unfamiliar Markdown in, as written (an unknown `{% tag %}`
 * region, HTML it does not read): `VERBATIM` of markdown/blocks/verbatim.ts on fix/dialect-blocks, which is not
 * on this branch yet (the integrator points this at it).
 */
const VERBATIM_SYNTAX = 'verbatim';

/** Blocks of the document the dialect kept verbatim: what an import reports as not modelled. Iterative: documents are deep. */
export function countKeptVerbatim(document: PageDocument): number {
  let count = 0;
  const pending: unknown[] = [...document.nodes];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    const block = node as { object?: string; type?: string; data?: { syntax?: unknown }; nodes?: unknown[]; fragments?: unknown[] };
    if (block.object !== 'block' && block.object !== 'fragment') continue;
    if (block.type === 'code' && block.data?.syntax === VERBATIM_SYNTAX) count++;
    else for (const children of [block.nodes, block.fragments]) if (Array.isArray(children)) pending.push(...children);
  }
  return count;
}
