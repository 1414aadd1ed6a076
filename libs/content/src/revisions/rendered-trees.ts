import { Injectable } from '@nestjs/common';
import { deepFreeze } from '@folio/platform/caching/deep-freeze';
import { LruCache } from '@folio/platform/caching/lru-cache';
import type { TreeSnapshot } from '@folio/kernel/tree/content-trees';
import { treeViews } from './page-views';
import { PageView } from './revision-page.resource';

/**
 * Bytes of page documents (as JSON) the rendered trees kept in memory hold in all: a few large spaces'
 * trees, or many small ones. A tree larger than this is rendered for each read and not kept.
 */
export const RENDERED_TREES_BUDGET = 64 * 1024 * 1024;

/** A tree's weight in the cache: its documents' JSON bytes, plus a little for each page. */
function weigh(views: readonly PageView[]): number {
  let weight = 0;
  const pending = [...views];
  for (let view = pending.pop(); view !== undefined; view = pending.pop()) {
    weight += 256 + (view.body && 'document' in view.body ? view.body.document.bytes.byteLength : 0);
    pending.push(...view.pages);
  }
  return weight;
}

/**
 * Every page of a tree with its document, as `GET …/content` and `…/content/pages` answer them (of main, a
 * revision or a change request), kept by tree hash: a tree never changes under its hash, so a rendering
 * never goes stale, and the reads after the first read no object. Readers of one tree at the same time
 * share one rendering. Views are frozen: every reader shares them.
 */
@Injectable()
export class RenderedTrees {
  private readonly cache = new LruCache<string, readonly PageView[]>(RENDERED_TREES_BUDGET, weigh);
  private readonly rendering = new Map<string, Promise<readonly PageView[]>>();

  async pages(snapshot: TreeSnapshot): Promise<readonly PageView[]> {
    const cached = this.cache.get(snapshot.hash) ?? this.rendering.get(snapshot.hash);
    if (cached) return cached;
    const rendering = treeViews(snapshot, { format: 'document' }).then((views) => {
      const frozen = deepFreeze(views);
      this.cache.set(snapshot.hash, frozen);
      return frozen;
    });
    this.rendering.set(snapshot.hash, rendering);
    try {
      return await rendering;
    } finally {
      this.rendering.delete(snapshot.hash);
    }
  }
}
