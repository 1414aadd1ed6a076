import { documentNodes } from '@folio/kernel/document/document-limits';
import { Block, ContentRef, Fragment, Inline, PageDocument, Text } from '@folio/kernel/document/document.model';
import { decodeDocument } from '@folio/kernel/document/stored-document';
import { openapiBlockKey, openapiBlockOf, OpenAPIBlockRequest } from '../openapi/blocks/openapi-block';

/**
 * What a document refers to: the references its links, mentions and blocks carry, the files its image blocks
 * show, and what its OpenAPI blocks ask of their specs.
 */
export interface DocumentRefs {
  refs: ContentRef[];
  /** Ids of files shown by image blocks (inline images are drawn as their alt text). */
  images: string[];
  /** Each distinct request once (`openapiBlockKey`). */
  openapi: OpenAPIBlockRequest[];
}

type Node = Block | Inline | Text | Fragment;

/** Every reference in the document, walked without recursion (documents nest up to 64 deep, cells inside tables). */
export function documentRefs(document: PageDocument): DocumentRefs {
  const refs: ContentRef[] = [];
  const images = new Set<string>();
  const openapi = new Map<string, OpenAPIBlockRequest>();
  const stack: Node[] = [...document.nodes].reverse();
  while (stack.length) {
    const node = stack.pop()!;
    if (node.object === 'text') continue;
    if (node.object !== 'fragment') {
      const data = (node as { data?: { ref?: ContentRef } }).data;
      if (data?.ref) refs.push(data.ref);
      if (node.object === 'block' && node.type === 'image' && data?.ref?.kind === 'file') images.add(data.ref.file);
      const request = node.object === 'block' ? openapiBlockOf(node) : null;
      if (request) openapi.set(openapiBlockKey(request), request);
    }
    const children = [...((node as { nodes?: Node[] }).nodes ?? []), ...((node as { fragments?: Node[] }).fragments ?? [])];
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return { refs, images: [...images], openapi: [...openapi.values()] };
}

/** A stored document's nodes (counted up to `maxNodes`, past which counting stops) and references, from its bytes. */
export function inspectDocument({ bytes, maxNodes }: { bytes: Uint8Array; maxNodes: number }): DocumentRefs & { nodes: number } {
  const document = decodeDocument(bytes);
  const nodes = documentNodes(document, maxNodes);
  return nodes > maxNodes ? { nodes, refs: [], images: [], openapi: [] } : { nodes, ...documentRefs(document) };
}
