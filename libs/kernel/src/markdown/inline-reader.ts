import { Invalid } from '@folio/platform/domain/errors';
import type { Definition, FootnoteDefinition, Link, PhrasingContent, RootContent } from 'mdast';
import { MAX_DOCUMENT_DEPTH } from '../document/document-limits';
import type { Block } from '../document/document.model';
import { ContentRef, ImageRef, Inline, InlineAnnotation, InlineButton, InlineImage, Leaf, Mark, Text } from '../document/document.model';
import { LinkContext, TargetUse } from './dialect';
import { HtmlTag, parseHtmlTag, READ_TAGS } from './inline-html';
import { colorOfStyle, MARK_TAGS, sameMarks } from './inline-marks';

export type Definitions = Map<string, Definition>;

/** What reading a paragraph's phrasing needs from the page around it. */
export interface InlineReadContext {
  /** Relative `.md` targets to page references, asset paths to file references. */
  links: LinkContext;
  /** Link reference definitions (`[x]: url`) of the page. */
  definitions: Definitions;
  /** Footnote definitions by label (`[^1]: …`), from the whole page. */
  footnotes: ReadonlyMap<string, FootnoteDefinition>;
  /** Reads flow content as blocks: an annotation's body. */
  readBlocks(children: RootContent[]): Block[];
}

/** The title GitBook gives a link that is a mention: `[quickstart.md](quickstart.md "mention")`. */
export const MENTION_TITLE = 'mention';
/** Folio's API form of a user mention, which GitBook's Markdown has no form for: `[](mention:user:<id>)`. */
export const USER_MENTION = /^mention:user:([A-Za-z0-9_-]+)$/;

const EMOJI = /\p{Extended_Pictographic}(?:\uFE0F|\u200D\p{Extended_Pictographic})*/gu;
const ICON_CLASS = /^fa-([a-z0-9-]+)$/;
const BUTTON_CLASS = /^button (primary|secondary)$/;
const DARK_MEDIA = '(prefers-color-scheme: dark)';
/** Tags that enclose content and may mean something here; any other tag is kept as the text it is. */
const PAIRED = new Set([...READ_TAGS].filter((name) => name !== 'img' && name !== 'br'));

/** Footnotes being read, per page: a footnote whose body refers to itself is read once, then kept as text. */
const reading = new WeakMap<ReadonlyMap<string, FootnoteDefinition>, Set<string>>();

/**
 * Markdown phrasing (mdast, as the parser gives it for a paragraph, a heading or a cell) as texts and inlines:
 * Markdown's marks and links, GitBook's HTML forms (`<kbd>`, `<mark style>`, `<a class="button">`, `<i
 * class="fa-…">`, `<code class="expression">`, `<img>`, `<picture>`), `$$…$$`, footnote references. A tag that
 * means nothing here, or is not closed in the same run of phrasing, is kept as the text it is (never refused);
 * tags nested past MAX_DOCUMENT_DEPTH too, so a hostile page costs no deep recursion.
 */
export function readInlines(children: PhrasingContent[], ctx: InlineReadContext): (Text | Inline)[] {
  return new InlineReader(ctx, 'paragraph').read(children);
}

/** Where phrasing is read: a link holds texts and images only, an annotation's text texts only. */
type Scope = 'paragraph' | 'link' | 'annotation';

class InlineReader {
  private readonly out: (Text | Inline)[] = [];
  private leaves: Leaf[] = [];
  /** Each tag parsed once, however many nested runs of phrasing pair it again. */
  private readonly tags = new Map<PhrasingContent, HtmlTag | undefined>();

  constructor(
    private readonly ctx: InlineReadContext,
    private readonly scope: Scope,
  ) {}

  read(children: PhrasingContent[], marks: Mark[] = [], depth = 0): (Text | Inline)[] {
    this.visit(children, marks, depth);
    this.flush();
    return this.out;
  }

  private visit(nodes: PhrasingContent[], marks: Mark[], depth: number): void {
    // The page's reader bounds Markdown's nesting before this runs and tags past the bound are not followed:
    // deeper phrasing comes from a caller that skipped the bound, and is refused rather than recursed into.
    if (depth > 2 * MAX_DOCUMENT_DEPTH) throw new Invalid(`The markdown nests deeper than ${MAX_DOCUMENT_DEPTH} levels`);
    const { tags, closes } = pairTags(nodes, (node) => this.tag(node));
    for (let i = 0; i < nodes.length; i++) {
      const node = nodes[i];
      if (node.type !== 'html') {
        this.node(node, marks, depth);
        continue;
      }
      const tag = tags[i];
      const close = closes.get(i);
      if (tag && close !== undefined && depth < MAX_DOCUMENT_DEPTH && this.element(tag, nodes.slice(i + 1, close), marks, depth + 1)) {
        i = close;
      } else if (!(tag && this.voidElement(tag, marks))) {
        this.leaf(node.value, marks);
      }
    }
  }

  private tag(node: PhrasingContent): HtmlTag | undefined {
    if (node.type !== 'html') return undefined;
    if (!this.tags.has(node)) this.tags.set(node, parseHtmlTag(node.value));
    return this.tags.get(node);
  }

  private node(node: Exclude<PhrasingContent, { type: 'html' }>, marks: Mark[], depth: number): void {
    switch (node.type) {
      case 'text':
        this.text(node.value.replace(/\n/g, ' '), marks);
        return;
      case 'break':
        this.leaf('\n', marks);
        return;
      case 'inlineCode':
        this.leaf(node.value, [...marks, { object: 'mark', type: 'code' }]);
        return;
      case 'emphasis':
        this.visit(node.children, [...marks, { object: 'mark', type: 'italic' }], depth + 1);
        return;
      case 'strong':
        this.visit(node.children, [...marks, { object: 'mark', type: 'bold' }], depth + 1);
        return;
      case 'delete':
        this.visit(node.children, [...marks, { object: 'mark', type: 'strikethrough' }], depth + 1);
        return;
      case 'inlineMath':
        this.inline({ object: 'inline', type: 'inline-math', data: { formula: node.value }, isVoid: true }, marks);
        return;
      case 'image': {
        const image = this.image(node.url, node.alt ?? '');
        if (node.title) image.data.caption = node.title; // Folio's form for an inline image's caption: the image's title
        this.inline(image, marks);
        return;
      }
      case 'imageReference': {
        const definition = this.ctx.definitions.get(node.identifier);
        if (definition) this.inline(this.image(definition.url, node.alt ?? ''), marks);
        else this.leaf(`![${node.alt ?? ''}]`, marks);
        return;
      }
      case 'link':
        if (isBareUrl(node)) this.leaf(node.children[0].type === 'text' ? node.children[0].value : '', marks);
        else this.link(node.url, node.title, node.children, marks, depth);
        return;
      case 'linkReference': {
        const definition = this.ctx.definitions.get(node.identifier);
        if (definition) this.link(definition.url, definition.title, node.children, marks, depth);
        else this.visit(node.children, marks, depth + 1);
        return;
      }
      case 'footnoteReference':
        this.footnote(node.label ?? node.identifier, node.identifier, marks);
        return;
    }
  }

  /** A tag and the phrasing up to its closing tag; false when it means nothing here (then it is kept as text). */
  private element(tag: HtmlTag, content: PhrasingContent[], marks: Mark[], depth: number): boolean {
    const attribute = (name: string) => tag.attributes.get(name);
    const mark = MARK_TAGS.get(tag.name);
    if (tag.name === 'code' && attribute('class') === 'expression') {
      this.inline({ object: 'inline', type: 'expression', data: { expression: phrasingSource(content) }, isVoid: true }, marks);
      return true;
    }
    if (mark !== undefined && tag.attributes.size === 0) {
      this.visit(content, [...marks, { object: 'mark', type: mark }], depth);
      return true;
    }
    switch (tag.name) {
      case 'mark': {
        const color = colorOfStyle(attribute('style') ?? '');
        if (!color || tag.attributes.size > (attribute('style') === undefined ? 0 : 1)) return false;
        this.visit(content, [...marks, color], depth);
        return true;
      }
      case 'i': {
        const icon = ICON_CLASS.exec(attribute('class') ?? '');
        if (!icon) return false;
        const color = colorOfStyle(attribute('style') ?? '')?.data.text;
        this.inline({ object: 'inline', type: 'icon', data: { icon: icon[1], ...(color && color !== 'default' ? { color } : {}) }, isVoid: true }, marks);
        return true;
      }
      case 'a':
      case 'button':
        return this.anchor(tag, content, marks, depth);
      case 'picture': {
        const image = pictureImage(content);
        if (!image) return false;
        const inline = this.imageOfTag(image.img);
        if (image.dark !== undefined) inline.data.refDark = this.imageRef(image.dark);
        this.inline(inline, marks);
        return true;
      }
      default:
        return false;
    }
  }

  /** `<a href>` (a link, a mention with data-mention, a button with class="button …"), `<button>` (an action button). */
  private anchor(tag: HtmlTag, content: PhrasingContent[], marks: Mark[], depth: number): boolean {
    const href = tag.attributes.get('href');
    const kind = BUTTON_CLASS.exec(tag.attributes.get('class') ?? '')?.[1] as InlineButton['data']['kind'] | undefined;
    if (kind) {
      const base = { label: phrasingText(content), kind, ...buttonLooks(tag) };
      if (tag.name === 'a' && href !== undefined) {
        this.inline({ object: 'inline', type: 'button', data: { ...base, ref: this.ref(href, 'link') }, isVoid: true }, marks);
        return true;
      }
      const action = buttonAction(tag);
      if (tag.name !== 'button' || !action) return false;
      this.inline({ object: 'inline', type: 'button', data: { ...base, action }, isVoid: true }, marks);
      return true;
    }
    if (tag.name !== 'a' || href === undefined) return false;
    if (tag.attributes.has('data-mention')) {
      this.inline({ object: 'inline', type: 'mention', data: { ref: this.ref(href, 'link') }, isVoid: true }, marks);
      return true;
    }
    if (tag.attributes.size !== 1) return false;
    this.link(href, null, content, marks, depth);
    return true;
  }

  private voidElement(tag: HtmlTag, marks: Mark[]): boolean {
    if (tag.closing) return false;
    if (tag.name === 'br') {
      this.leaf('\n', marks);
      return true;
    }
    if (tag.name === 'img' && tag.attributes.has('src')) {
      this.inline(this.imageOfTag(tag), marks);
      return true;
    }
    return false;
  }

  private link(url: string, title: string | null | undefined, children: PhrasingContent[], marks: Mark[], depth: number): void {
    const user = USER_MENTION.exec(url);
    const ref: ContentRef = user ? { kind: 'user', user: user[1] } : this.ref(url, 'link');
    if (title === MENTION_TITLE || user) {
      this.inline({ object: 'inline', type: 'mention', data: { ref }, isVoid: true }, marks);
      return;
    }
    if (this.scope !== 'paragraph') {
      // Links do not nest: phrasing inside a link or an annotation keeps only the link's text.
      this.visit(children, marks, depth + 1);
      return;
    }
    const nodes = new InlineReader(this.ctx, 'link').read(children, marks, depth + 1) as (Text | InlineImage)[];
    this.inline({ object: 'inline', type: 'link', data: { ref }, nodes }, []);
  }

  /** `[^1]`: an annotation whose body is the footnote's definition. */
  private footnote(label: string, identifier: string, marks: Mark[]): void {
    const definition = this.ctx.footnotes.get(label) ?? this.ctx.footnotes.get(identifier);
    const active = reading.get(this.ctx.footnotes) ?? new Set<string>();
    if (!definition || active.has(label) || this.scope !== 'paragraph') {
      this.leaf(`[^${label}]`, marks);
      return;
    }
    reading.set(this.ctx.footnotes, active.add(label));
    let body: Block[];
    try {
      body = this.ctx.readBlocks(definition.children);
    } finally {
      active.delete(label);
    }
    const annotation: InlineAnnotation = {
      object: 'inline',
      type: 'annotation',
      nodes: [],
      // The spec wants a body of at least one block: an empty definition is an empty paragraph.
      fragments: [{ object: 'fragment', fragment: 'annotation-body', type: 'annotation-body', nodes: body.length > 0 ? body : [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [] }] }] }],
      isVoid: false,
    };
    this.inline(annotation, marks);
  }

  private ref(target: string, use: TargetUse): ContentRef {
    return this.ctx.links.refOfTarget(target, use) ?? { kind: 'url', url: target };
  }

  private imageRef(target: string): ImageRef {
    const ref = this.ctx.links.refOfTarget(target, 'image');
    return ref && (ref.kind === 'url' || ref.kind === 'file') ? ref : { kind: 'url', url: target };
  }

  private image(url: string, alt: string): InlineImage {
    return { object: 'inline', type: 'inline-image', data: { ref: this.imageRef(url), ...(alt ? { alt } : {}) }, isVoid: true };
  }

  /** `<img src alt data-size="line">`: GitBook writes an image sized to the line this way. */
  private imageOfTag(img: HtmlTag): InlineImage {
    const image = this.image(img.attributes.get('src') ?? '', img.attributes.get('alt') ?? '');
    const size = img.attributes.get('data-size');
    if (size === 'line' || size === 'original') image.data.size = size;
    return image;
  }

  /** Text, its emoji as emoji inlines where an inline may stand. */
  private text(value: string, marks: Mark[]): void {
    if (this.scope !== 'paragraph') {
      this.leaf(value, marks);
      return;
    }
    let from = 0;
    for (const match of value.matchAll(EMOJI)) {
      this.leaf(value.slice(from, match.index), marks);
      const code = [...match[0]].map((c) => c.codePointAt(0)!.toString(16)).join('-');
      this.inline({ object: 'inline', type: 'emoji', data: { code }, isVoid: true }, marks);
      from = match.index + match[0].length;
    }
    this.leaf(value.slice(from), marks);
  }

  private leaf(text: string, marks: Mark[]): void {
    if (text === '') return;
    const last = this.leaves[this.leaves.length - 1];
    if (last && sameMarks(last.marks, marks)) last.text += text;
    else this.leaves.push({ object: 'leaf', text, marks: marks.map((mark) => ({ ...mark })) });
  }

  /** An inline where the scope allows it; elsewhere (an image in an annotation's text…) the text it stands for. */
  private inline(node: Inline, marks: Mark[]): void {
    const allowed = this.scope === 'paragraph' || (this.scope === 'link' && node.type === 'inline-image');
    if (!allowed) {
      this.leaf(inlineText(node), marks);
      return;
    }
    this.flush();
    this.out.push(node);
  }

  private flush(): void {
    if (this.leaves.length > 0) this.out.push({ object: 'text', leaves: this.leaves });
    this.leaves = [];
  }
}

/**
 * The tags of a run of phrasing, and which opening tag each closing one closes (the nearest open one of its
 * name), in one pass: a page of unclosed tags costs no search per tag.
 */
function pairTags(nodes: PhrasingContent[], parse: (node: PhrasingContent) => HtmlTag | undefined): { tags: (HtmlTag | undefined)[]; closes: Map<number, number> } {
  const tags: (HtmlTag | undefined)[] = [];
  const closes = new Map<number, number>();
  const open = new Map<string, number[]>();
  nodes.forEach((node, i) => {
    const tag = parse(node);
    tags.push(tag);
    if (!tag || !PAIRED.has(tag.name)) return;
    const stack = open.get(tag.name) ?? [];
    open.set(tag.name, stack);
    if (!tag.closing) stack.push(i);
    else if (stack.length > 0) closes.set(stack.pop()!, i);
  });
  // A pair that crosses another (`<sup><sub></sup></sub>`) holds an opening tag whose closing one lies outside: that tag is kept as text.
  return { tags, closes };
}

/**
 * A URL GFM found bare in text (`https://…`, `www.…`, `a@b.c`): its node spans no more than its text. It stays
 * the text it is, so it is written back bare (a renderer links it) and a text holding a URL reads back as text.
 */
function isBareUrl(node: Link): boolean {
  const [text] = node.children;
  if (node.children.length !== 1 || text.type !== 'text' || node.title) return false;
  if (node.url !== text.value && node.url !== `http://${text.value}` && node.url !== `mailto:${text.value}`) return false;
  const [outer, inner] = [node.position, text.position];
  return outer?.start.offset !== undefined && outer.start.offset === inner?.start.offset && outer.end.offset === inner?.end.offset;
}

/** `<picture>`'s `<img>` and the dark variant's `<source srcset>`. */
function pictureImage(content: PhrasingContent[]): { img: HtmlTag; dark?: string } | undefined {
  let img: HtmlTag | undefined;
  let dark: string | undefined;
  for (const node of content) {
    if (node.type === 'text' && node.value.trim() === '') continue;
    const tag = node.type === 'html' ? parseHtmlTag(node.value) : undefined;
    if (tag?.name === 'img' && !img) img = tag;
    else if (tag?.name === 'source' && tag.attributes.get('media') === DARK_MEDIA && dark === undefined) dark = tag.attributes.get('srcset');
    else return undefined;
  }
  return img && img.attributes.has('src') ? { img, dark } : undefined;
}

function buttonLooks(tag: HtmlTag): Pick<InlineButton['data'], 'size' | 'icon'> {
  const size = tag.attributes.get('data-size');
  const icon = tag.attributes.get('data-icon');
  return {
    ...(size === 'small' || size === 'medium' || size === 'large' ? { size } : {}),
    ...(icon ? { icon } : {}),
  };
}

/** `<button data-action="ask" data-query="…">`: GitBook's form of a button that searches, asks or selects. */
function buttonAction(tag: HtmlTag): Extract<InlineButton['data'], { action: unknown }>['action'] | undefined {
  const action = tag.attributes.get('data-action');
  const query = tag.attributes.get('data-query');
  if (action === 'search' || action === 'ask') return { action, ...(query !== undefined ? { query } : {}) };
  const slug = tag.attributes.get('data-slug');
  if (action === 'select' && slug !== undefined) return { action, slug };
  return undefined;
}

/** The text phrasing shows (a button's label). */
function phrasingText(nodes: PhrasingContent[]): string {
  return nodes.map((node) => ('value' in node && node.type !== 'html' ? node.value : 'children' in node ? phrasingText(node.children) : node.type === 'break' ? '\n' : '')).join('');
}

/**
 * Phrasing as the source it came from, for what GitBook writes inside `<code class="expression">` (an
 * expression is code, not Markdown): texts and code as they read, tags as written.
 */
function phrasingSource(nodes: PhrasingContent[]): string {
  return nodes.map((node): string => {
    switch (node.type) {
      case 'text':
      case 'html':
        return node.value;
      case 'inlineCode':
        return `\`${node.value}\``;
      case 'inlineMath':
        return `$$${node.value}$$`;
      case 'break':
        return '\n';
      case 'emphasis':
        return `*${phrasingSource(node.children)}*`;
      case 'strong':
        return `**${phrasingSource(node.children)}**`;
      case 'delete':
        return `~~${phrasingSource(node.children)}~~`;
      default:
        return 'children' in node ? phrasingSource(node.children) : 'value' in node ? String(node.value) : '';
    }
  }).join('');
}

/** The text a void inline stands for where no inline may stand. */
function inlineText(node: Inline): string {
  switch (node.type) {
    case 'inline-math':
      return node.data.formula;
    case 'emoji':
      return String.fromCodePoint(...node.data.code.split('-').map((hex) => parseInt(hex, 16)));
    case 'icon':
      return `:${node.data.icon}:`;
    case 'expression':
      return node.data.expression;
    case 'button':
      return node.data.label;
    case 'inline-image':
      return node.data.alt ?? '';
    case 'link':
    case 'annotation':
      return node.nodes.map((child) => (child.object === 'text' ? child.leaves.map((leaf) => leaf.text).join('') : '')).join('');
    case 'mention':
      return '';
  }
}
