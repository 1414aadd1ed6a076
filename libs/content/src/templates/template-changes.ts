import { Invalid } from '@folio/platform/domain/errors';
import { PageDocument } from '@folio/kernel/document/document.model';
import { markdownToDocument } from '@folio/kernel/markdown/markdown-to-document';
import { emptyDocument } from '@folio/kernel/document/stored-document';
import { ContentChange, InsertPageChange, UpdatePageChange } from '@folio/content/change-requests/content/content-change.dto';
import { contentRefParam, LinkRef } from './content-ref-param';
import { SpaceTemplate, TemplatePage } from './space-template';
import { findTemplate } from './space-templates';

/** The spec's ApplySpaceTemplate, as its DTO validated it. */
export interface TemplateRequest {
  id: string;
  params?: { contentRefs?: Record<string, unknown> };
}

/** How a page links to a placeholder: `[text](template:<name>)`. */
const PLACEHOLDER = 'template:';
/**
 * Batch refs of the template's pages. A ref may not be an existing page's path; `_` never appears in a
 * slug, so these never are, whatever the space already holds.
 */
const pageRef = (name: string) => `template_${name}`;

/**
 * The content batch that inserts the template's pages (after whatever the tree holds): every page first,
 * in tree order with its title and place, then each page's document, so a page may link to any other of
 * the template (a batch ref is usable only after the change defining it). Placeholder links take the
 * reference `params.contentRefs` gives them or lose their link. `where` prefixes messages (`template.`
 * for a change request created with a template); every refusal is a 400 before anything is written.
 */
export function templateChanges(request: TemplateRequest, where = ''): ContentChange[] {
  const template = findTemplate(request.id, `${where}id`);
  const fills = contentRefs(template, request.params?.contentRefs ?? {}, `${where}params.contentRefs`);
  const pages = flatten(template.pages, null);
  const names = new Set(pages.map(({ page }) => page.name));
  const inserts = pages.map(({ page, parent }): InsertPageChange => ({
    operation: 'insert_page',
    ref: pageRef(page.name),
    title: page.title,
    ...(page.emoji !== undefined ? { emoji: page.emoji } : {}),
    ...(page.description !== undefined ? { description: page.description } : {}),
    ...(parent !== null ? { into: pageRef(parent) } : {}),
    document: {},
  }));
  const documents = pages.map(({ page }): UpdatePageChange => ({
    operation: 'update_page',
    page: pageRef(page.name),
    document: { document: linked(markdownToDocument(page.markdown).document ?? emptyDocument(), template, names, fills) },
  }));
  return [...inserts, ...documents];
}

function contentRefs(template: SpaceTemplate, given: Record<string, unknown>, where: string): Map<string, LinkRef> {
  return new Map(
    Object.entries(given).map(([name, value]) => {
      if (!Object.prototype.hasOwnProperty.call(template.placeholders, name)) {
        const known = Object.keys(template.placeholders);
        throw new Invalid(`${where}.${name}: template ${template.id} has no placeholder ${JSON.stringify(name)}; it has ${known.join(', ') || 'none'}`);
      }
      return [name, contentRefParam(value, `${where}.${name}`)];
    }),
  );
}

function flatten(pages: readonly TemplatePage[], parent: string | null): { page: TemplatePage; parent: string | null }[] {
  return pages.flatMap((page) => [{ page, parent }, ...flatten(page.children ?? [], page.name)]);
}

/**
 * The document with its links to the template's pages (`/pages/<name>`) pointing at their batch refs and
 * its placeholders filled: a filled link or content-ref block points at the given reference; an unfilled
 * link is replaced by its text and an unfilled block removed. A link to anything else the template does not
 * define is a mistake in the template itself (its tests apply every template).
 */
function linked(document: PageDocument, template: SpaceTemplate, pages: ReadonlySet<string>, fills: ReadonlyMap<string, LinkRef>): PageDocument {
  // Pages first: a filled placeholder may name a page of the space, which is not the template's to rename.
  eachNode(document, (node) => pointAtPages(node.data as { ref?: LinkRef } | undefined, template, pages));
  eachNode(document, (node) => {
    if (Array.isArray(node.nodes)) node.nodes = node.nodes.flatMap((child) => filled(child, template, fills));
  });
  return document;
}

/** Every object in the document, each before what it holds (so `visit` may replace its children). */
function eachNode(root: object, visit: (node: Record<string, unknown>) => void) {
  const stack: object[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()! as Record<string, unknown>;
    visit(node);
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) stack.push(...value.filter((item) => item !== null && typeof item === 'object'));
      else if (value !== null && typeof value === 'object') stack.push(value);
    }
  }
}

/** A node as it stays in its parent's `nodes`: itself, its children (an unfilled link), or nothing (an unfilled block). */
function filled(node: { type?: string; data?: { ref?: LinkRef }; nodes?: unknown[] }, template: SpaceTemplate, fills: ReadonlyMap<string, LinkRef>): unknown[] {
  const ref = node.data?.ref;
  if (ref?.kind !== 'url' || !ref.url.startsWith(PLACEHOLDER)) return [node];
  const name = ref.url.slice(PLACEHOLDER.length);
  if (!Object.prototype.hasOwnProperty.call(template.placeholders, name) || (node.type !== 'link' && node.type !== 'content-ref')) {
    throw new Error(`template ${template.id}: ${node.type} to undeclared placeholder ${name}`);
  }
  const fill = fills.get(name);
  if (fill) return [{ ...node, data: { ...node.data, ref: { ...fill } } }];
  return node.type === 'link' ? (node.nodes ?? []) : [];
}

function pointAtPages(data: { ref?: LinkRef } | undefined, template: SpaceTemplate, pages: ReadonlySet<string>) {
  const ref = data?.ref;
  if ((ref?.kind !== 'page' && ref?.kind !== 'anchor') || ref.page === undefined || ref.space !== undefined) return;
  if (!pages.has(ref.page)) throw new Error(`template ${template.id}: link to ${ref.page}, which is none of its pages`);
  data!.ref = { ...ref, page: pageRef(ref.page) };
}
