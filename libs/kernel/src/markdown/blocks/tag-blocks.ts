import { Block, ContentRef, Expandable, HINT_STYLES, HintStyle, IfBlock, Integration, Length, Paragraph, ReusableContentBlock } from '@folio/kernel/document/document.model';
import { attribute, formatRawTag, formatTag, Tag } from '../gitbook-tags';
import { DETAILS, Region, TagRegion } from '../tag-tree';
import { BlockReader, BlockWriter } from './block-context';
import { readCodeTag } from './code';
import { readLength, writeLength } from './media';
import { AttributeKind, FORM_OF_TAG, FORM_OF_TYPE, TagForm } from './tag-forms';
import { verbatimBlock } from './verbatim';

/**
 * GitBook's `{% … %}` blocks, read from the tag tree and written back: the blocks of the table in tag-forms.ts,
 * and those with a form of their own (`{% code %}` around a fence, `{% if expression %}`, `{% include "path" %}`,
 * `{% @integration/block … %}`, `<details>`). Anything that does not fit its form is kept verbatim.
 */
export function readTagRegion(region: TagRegion, reader: BlockReader): Block[] {
  const block = readTag(region, reader);
  return block === undefined ? [verbatimBlock(region.lines.join('\n'))] : [block];
}

function readTag(region: TagRegion, reader: BlockReader): Block | undefined {
  const { tag } = region;
  if (tag.name === DETAILS) return region.closed ? readDetails(region, reader) : undefined;
  if (tag.name === 'code') {
    const inner = reader.regions(region.children);
    return inner.length === 1 && inner[0].type === 'code' ? readCodeTag(tag, inner[0]) : undefined;
  }
  if (tag.name === 'if') {
    return region.closed ? { object: 'block', type: 'if', data: tag.args ? { expression: tag.args } : {}, nodes: reader.regions(region.children) } : undefined;
  }
  if (tag.name === 'include') return readInclude(tag, reader);
  if (tag.name.startsWith('@')) return readIntegration(tag);
  const form = FORM_OF_TAG.get(tag.name);
  if (form === undefined || (!region.closed && form.content !== 'caption' && form.content !== 'none')) return undefined;
  const data = readAttributes(form, tag, reader);
  // The spec requires an updates block's format; `{% updates %}` (as GitBook's own guides write it) is its default.
  if (data !== undefined && form.type === 'updates' && data.format === undefined) data.format = 'full';
  if (data === undefined || (form.type === 'hint' && !HINT_STYLES.includes(data.style as HintStyle))) return undefined;
  // Blocks whose data the spec makes optional leave it out when it is empty.
  const block = { object: 'block', type: form.type, ...(Object.keys(data).length > 0 || !OPTIONAL_DATA.has(form.type) ? { data } : {}) } as Record<string, unknown>;
  switch (form.content) {
    case 'blocks': {
      const nodes = reader.regions(region.children);
      if (form.holdsOne !== undefined && (nodes.length !== 1 || nodes[0].type !== form.holdsOne)) return undefined;
      return { ...block, nodes } as unknown as Block;
    }
    case 'items': {
      const items: Block[] = [];
      for (const child of region.children) {
        if (child.kind === 'text' && child.lines.every((line) => line.trim() === '')) continue;
        if (child.kind !== 'tag' || child.tag.name !== form.item) return undefined;
        const item = readTag(child, reader);
        if (item === undefined) return undefined;
        items.push(item);
      }
      return { ...block, nodes: items, ...(form.type === 'columns' ? { isVoid: false } : {}) } as unknown as Block;
    }
    case 'none':
      return { ...block, isVoid: true } as unknown as Block;
    default: {
      // An embed's closing tag says it has a caption (perhaps empty); other blocks are always closed, and their
      // caption is kept when it is not what is written for none (nothing, or a link to the target).
      const inner = region.lines.slice(1, -1).join('\n').trim();
      const kept = form.tag === 'embed' ? region.closed : inner !== '' && inner !== defaultCaption(form, Object.fromEntries(tag.attributes));
      const caption = kept ? [{ object: 'fragment', fragment: 'caption', nodes: reader.regions(region.children) }] : [];
      return { ...block, isVoid: true, ...(caption.length > 0 ? { fragments: caption } : {}) } as unknown as Block;
    }
  }
}

const OPTIONAL_DATA = new Set(['tabs', 'stepper']);

/** The tag's attributes as the block's data, or undefined when one is unknown, malformed or missing. */
function readAttributes(form: TagForm, tag: Tag, reader: BlockReader): Record<string, unknown> | undefined {
  if (!tag.onlyAttributes) return undefined;
  const data: Record<string, unknown> = {};
  for (const name of tag.attributes.keys()) {
    const value = attribute(tag, name)!;
    if (form.ref?.attribute === name) {
      data.ref = readRef(form, value, reader);
      continue;
    }
    const known = form.attributes.find(([written]) => written === name);
    if (known === undefined) return undefined;
    const field = readValue(known[2], value);
    if (field === undefined) return undefined;
    data[known[1]] = field;
  }
  if (form.ref !== undefined && data.ref === undefined) return undefined;
  if ((form.required ?? []).some((field) => data[field] === undefined)) return undefined;
  return data;
}

function readRef(form: TagForm, value: string, reader: BlockReader): ContentRef {
  const use = form.ref!.use;
  if (use === 'openapi') return { kind: 'openapi', spec: value };
  const ref = reader.links.refOfTarget(value, use) ?? { kind: 'url', url: value };
  if (form.type === 'file' || form.type === 'drawing') return ref.kind === 'file' ? ref : { kind: 'file', file: value };
  if (form.type === 'swagger') return ref.kind === 'file' || ref.kind === 'url' ? ref : { kind: 'url', url: value };
  return ref;
}

function readValue(kind: AttributeKind, value: string): unknown {
  switch (kind) {
    case 'string':
      return value;
    case 'boolean':
      return value === 'true' ? true : value === 'false' ? false : undefined;
    case 'number':
      return /^-?\d{1,15}(\.\d+)?$/.test(value) ? Number(value) : undefined;
    case 'list':
      return value === '' ? [] : value.split(',');
    case 'length': {
      return readLength(value);
    }
    case 'tags':
      // Tag slugs, as the spec's tag references (`{ kind: 'tag', tag }`).
      return value === '' ? [] : value.split(',').map((tag) => ({ kind: 'tag', tag }));
    case 'date':
      // The spec's update date is a date-time; GitBook writes a day (`2024-01-15`): that day's midnight, UTC.
      return DAY.test(value) ? `${value}T00:00:00.000Z` : DATE_TIME.test(value) ? value : undefined;
  }
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const MIDNIGHT = /^(\d{4}-\d{2}-\d{2})T00:00:00(\.0+)?Z$/;

function writeValue(kind: AttributeKind, value: unknown): string {
  if (kind === 'list') return (value as string[]).join(',');
  if (kind === 'tags') return (value as { tag: string }[]).map((ref) => ref.tag).join(',');
  if (kind === 'date') return MIDNIGHT.exec(value as string)?.[1] ?? (value as string);
  if (kind === 'length') return writeLength(value as Length);
  return String(value);
}

/** `{% include "path" %}`: reusable content, when the page's links say the path is one. */
function readInclude(tag: Tag, reader: BlockReader): ReusableContentBlock | undefined {
  const path = /^"([^"]*)"$|^'([^']*)'$/.exec(tag.args);
  if (!path) return undefined;
  const ref = reader.links.refOfTarget(path[1] ?? path[2], 'include');
  return ref?.kind === 'reusable-content' ? { object: 'block', type: 'reusable-content', data: { ref }, isVoid: true } : undefined;
}

/** `{% @integration/block key="value" %}`: an integration's block, its attributes its props (as strings). */
function readIntegration(tag: Tag): Integration | undefined {
  const [integration, block, ...rest] = tag.name.slice(1).split('/');
  if (!integration || !block || rest.length > 0 || !tag.onlyAttributes) return undefined;
  const props = Object.fromEntries([...tag.attributes.keys()].map((name) => [name, attribute(tag, name)!]));
  return { object: 'block', type: 'integration', data: { integration, block, props }, isVoid: true };
}

const SUMMARY = /^<summary>(.*)<\/summary>\s*$/i;

/** `<details>`, a `<summary>` line, the body, `</details>`: an expandable (open: expanded by default). */
function readDetails(region: TagRegion, reader: BlockReader): Expandable | undefined {
  const first = region.children[0];
  if (first?.kind !== 'text') return undefined;
  const at = first.lines.findIndex((line) => line.trim() !== '');
  const summary = at < 0 ? null : SUMMARY.exec(first.lines[at]);
  if (!summary) return undefined;
  const rest: Region[] = [{ kind: 'text', lines: first.lines.slice(at + 1) }, ...region.children.slice(1)];
  const title: Paragraph = { object: 'block', type: 'paragraph', nodes: reader.htmlInlines(summary[1]) };
  return {
    object: 'block',
    type: 'expandable',
    data: region.tag.attributes.has('open') ? { defaultExpanded: true } : {},
    fragments: [
      { object: 'fragment', fragment: 'expandable-title', type: 'expandable-title', nodes: [title] },
      { object: 'fragment', fragment: 'expandable-body', type: 'expandable-body', nodes: reader.regions(rest) },
    ],
    isVoid: true,
  };
}

/** The block's tag form, or undefined for a block that is not written as a tag. */
export function writeTagBlock(block: Block, writer: BlockWriter): string | undefined {
  switch (block.type) {
    case 'expandable':
      return writeDetails(block, writer);
    case 'if':
      return enclose(formatRawTag('if', (block as IfBlock).data.expression ?? ''), writer.blocks(block.nodes), 'endif');
    case 'reusable-content':
      return formatRawTag('include', `"${writer.links.targetOfRef(block.data.ref, 'include')}"`);
    case 'integration': {
      const props = Object.entries(block.data.props ?? {}).map(([name, value]) => [name, String(value)]);
      return formatTag(`@${block.data.integration}/${block.data.block}`, Object.fromEntries(props));
    }
  }
  const form = FORM_OF_TYPE.get(block.type);
  if (form === undefined) return undefined;
  const data = (block as { data?: Record<string, unknown> }).data ?? {};
  const attributes: Record<string, string | undefined> = {};
  if (form.ref !== undefined) attributes[form.ref.attribute] = writeRef(form, data.ref as ContentRef, writer);
  for (const [name, field, kind] of form.attributes) if (data[field] !== undefined) attributes[name] = writeValue(kind, data[field]);
  const open = formatTag(form.tag, attributes);
  const end = `end${form.tag}`;
  switch (form.content) {
    case 'none':
      return open;
    case 'blocks':
      return enclose(open, writer.blocks((block as { nodes: Block[] }).nodes), end);
    case 'items':
      return enclose(open, (block as { nodes: Block[] }).nodes.map((item) => writeTagBlock(item, writer) ?? '').join('\n\n'), end);
    default: {
      const caption = (block as { fragments?: { fragment: string; nodes: Block[] }[] }).fragments?.find((f) => f.fragment === 'caption');
      if (caption !== undefined) return enclose(open, writer.blocks(caption.nodes), end);
      if (form.tag === 'embed') return open;
      return enclose(open, defaultCaption(form, attributes), end);
    }
  }
}

/**
 * What is written inside a reference block that has no caption of its own: a link to its target, as GitBook
 * writes for a content reference and an OpenAPI block (nothing where the target is no URL: a file, a spec's name).
 */
function defaultCaption(form: TagForm, attributes: Record<string, string | undefined>): string {
  if (form.tag !== 'content-ref' && form.tag !== 'openapi') return '';
  const target = attributes[form.ref!.attribute] ?? '';
  return `[${target}](${target})`;
}

function writeRef(form: TagForm, ref: ContentRef, writer: BlockWriter): string {
  if (ref.kind === 'openapi') return ref.spec;
  const use = form.ref!.use;
  return writer.links.targetOfRef(ref, use === 'openapi' ? 'link' : use);
}

function enclose(open: string, body: string, end: string): string {
  return body === '' ? `${open}\n${formatTag(end)}` : `${open}\n${body}\n${formatTag(end)}`;
}

function writeDetails(block: Expandable, writer: BlockWriter): string {
  const title = block.fragments.find((f) => f.fragment === 'expandable-title')?.nodes ?? [];
  const body = block.fragments.find((f) => f.fragment === 'expandable-body')?.nodes ?? [];
  const summary = title.map((p) => (p.type === 'paragraph' ? writer.inlines(p.nodes, true) : '')).join(' ');
  const inner = writer.blocks(body);
  return [`<details${block.data.defaultExpanded ? ' open' : ''}>`, `<summary>${summary}</summary>`, ...(inner ? [inner] : []), '</details>'].join('\n\n');
}
