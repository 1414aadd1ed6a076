import { PageDocument } from '@folio/kernel/document/document.model';
import { isVerbatim } from '@folio/kernel/markdown/blocks/verbatim';

/** Blocks of the document the dialect kept verbatim: what an import reports as not modelled. Iterative: documents are deep. */
export function countKeptVerbatim(document: PageDocument): number {
  let count = 0;
  const pending: unknown[] = [...document.nodes];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    const block = node as { object?: string; type?: string; data?: unknown; nodes?: unknown[]; fragments?: unknown[] };
    if (block.object !== 'block' && block.object !== 'fragment') continue;
    if (isVerbatim(block)) count++;
    else for (const children of [block.nodes, block.fragments]) if (Array.isArray(children)) pending.push(...children);
  }
  return count;
}
