import { Fragment, Image, ImageRef, Images, Length } from '@folio/kernel/document/document.model';
import { elementsOnly, formatAttributes, hasOnly, HtmlElement, HtmlNode, htmlText } from '../html-elements';
import { BlockReader, BlockWriter } from './block-context';
import { escapeAttribute } from '../inline-html';
import { decodeHtml } from './code';

/**
 * Block images, GitBook's way: each a `<figure>` holding an `<img src alt width height>` (or a `<picture>`
 * whose `<source media="(prefers-color-scheme: dark)">` is its dark variant) and a `<figcaption><p>…</p>`;
 * several, or an alignment, full width or frame, in a `<div align data-full-width data-with-frame>` around
 * them, separated by a space. A `<figcaption></figcaption>` left empty is kept apart from none at all.
 */
const DARK = '(prefers-color-scheme: dark)';

export function readImages(nodes: readonly HtmlNode[], reader: BlockReader): Images | undefined {
  const top = elementsOnly(nodes);
  if (top?.length !== 1) return undefined;
  const [outer] = top;
  if (outer.name === 'figure') {
    const image = readFigure(outer, reader);
    return image && { object: 'block', type: 'images', data: {}, nodes: [image], isVoid: false };
  }
  if (outer.name !== 'div' || !hasOnly(outer, ['align', 'data-full-width', 'data-with-frame'])) return undefined;
  const figures = elementsOnly(outer.children);
  if (!figures || figures.length === 0) return undefined;
  const images: Image[] = [];
  for (const figure of figures) {
    const image = figure.name === 'figure' ? readFigure(figure, reader) : undefined;
    if (!image) return undefined;
    images.push(image);
  }
  const data: Images['data'] = {};
  const align = outer.attributes.get('align');
  if (align !== undefined) data.align = align;
  const fullWidth = flag(outer, 'data-full-width');
  if (fullWidth === null) return undefined;
  if (fullWidth !== undefined) data.fullWidth = fullWidth;
  const withFrame = flag(outer, 'data-with-frame');
  if (withFrame === null) return undefined;
  if (withFrame !== undefined) data.withFrame = withFrame;
  // Written with no div only when one image has none of these: a div around one bare figure stays a div.
  if (images.length === 1 && Object.keys(data).length === 0) return undefined;
  return { object: 'block', type: 'images', data, nodes: images, isVoid: false };
}

/** `"true"`/`"false"` as a boolean, undefined when absent, null when something else. */
function flag(element: HtmlElement, name: string): boolean | undefined | null {
  const value = element.attributes.get(name);
  return value === undefined ? undefined : value === 'true' ? true : value === 'false' ? false : null;
}

function readFigure(figure: HtmlElement, reader: BlockReader): Image | undefined {
  const parts = elementsOnly(figure.children);
  if (!parts || parts.length === 0 || parts.length > 2 || figure.attributes.size > 0) return undefined;
  const [picture, caption] = parts;
  const image = picture.name === 'img' ? readImg(picture, reader) : picture.name === 'picture' ? readPicture(picture, reader) : undefined;
  if (!image) return undefined;
  if (caption === undefined) return image;
  if (caption.name !== 'figcaption' || caption.attributes.size > 0) return undefined;
  const paragraphs = elementsOnly(caption.children);
  if (!paragraphs || paragraphs.some((p) => p.name !== 'p' || p.attributes.size > 0)) return undefined;
  const fragment: Fragment = {
    object: 'fragment',
    fragment: 'caption',
    nodes: paragraphs.map((p) => ({ object: 'block', type: 'paragraph', nodes: reader.htmlInlines(htmlText(p.children)) })),
  };
  return { ...image, fragments: [fragment] };
}

function readImg(img: HtmlElement, reader: BlockReader): Image | undefined {
  const src = img.attributes.get('src');
  if (src === undefined || !hasOnly(img, ['src', 'alt', 'width', 'height'])) return undefined;
  const data: Image['data'] = { ref: imageRef(decodeHtml(src), reader) };
  const alt = img.attributes.get('alt');
  if (alt) data.alt = decodeHtml(alt);
  for (const side of ['width', 'height'] as const) {
    const value = img.attributes.get(side);
    if (value === undefined) continue;
    const length = readLength(value);
    if (length === undefined) return undefined;
    data[side] = length;
  }
  return { object: 'block', type: 'image', data, fragments: [], isVoid: true };
}

function readPicture(picture: HtmlElement, reader: BlockReader): Image | undefined {
  const parts = elementsOnly(picture.children);
  if (parts?.length !== 2 || picture.attributes.size > 0) return undefined;
  const [source, img] = parts;
  const srcset = source.attributes.get('srcset');
  if (source.name !== 'source' || srcset === undefined || source.attributes.get('media') !== DARK || source.attributes.size !== 2) return undefined;
  const image = img.name === 'img' ? readImg(img, reader) : undefined;
  return image && { ...image, data: { ...image.data, refDark: imageRef(decodeHtml(srcset), reader) } };
}

function imageRef(target: string, reader: BlockReader): ImageRef {
  const ref = reader.links.refOfTarget(target, 'image');
  return ref?.kind === 'file' || ref?.kind === 'url' ? ref : { kind: 'url', url: target };
}

/** `375` as a number of pixels, `50%` as a value with its unit. */
export function readLength(value: string): Length | undefined {
  const match = /^(\d{1,9}(?:\.\d+)?)([a-z%]*)$/.exec(value);
  if (!match) return undefined;
  return match[2] === '' ? Number(match[1]) : { unit: match[2], value: Number(match[1]) };
}

export function writeLength(length: Length): string {
  return typeof length === 'number' ? String(length) : `${length.value}${length.unit}`;
}


export function writeImages(block: Images, writer: BlockWriter): string {
  const figures = block.nodes.map((image) => writeFigure(image, writer)).join(' ');
  const { align, fullWidth, withFrame } = block.data;
  if (block.nodes.length === 1 && align === undefined && fullWidth === undefined && withFrame === undefined) return figures;
  const attributes = new Map([
    ['align', align],
    ['data-full-width', fullWidth === undefined ? undefined : String(fullWidth)],
    ['data-with-frame', withFrame === undefined ? undefined : String(withFrame)],
  ]);
  return `<div${formatAttributes(attributes)}>${figures}</div>`;
}

function writeFigure(image: Image, writer: BlockWriter): string {
  const { ref, refDark, alt, width, height } = image.data;
  const img = `<img${formatAttributes(new Map([
    ['src', escapeAttribute(writer.links.targetOfRef(ref, 'image'))],
    ['alt', escapeAttribute(alt ?? '')],
    ['width', width === undefined ? undefined : writeLength(width)],
    ['height', height === undefined ? undefined : writeLength(height)],
  ]))}>`;
  const picture = refDark === undefined ? img : `<picture><source srcset="${escapeAttribute(writer.links.targetOfRef(refDark, 'image'))}" media="${DARK}">${img}</picture>`;
  const caption = image.fragments.find((f) => f.fragment === 'caption');
  const figcaption = caption === undefined ? '' : `<figcaption>${caption.nodes.map((p) => `<p>${p.type === 'paragraph' ? writer.inlines(p.nodes, true) : ''}</p>`).join('')}</figcaption>`;
  return `<figure>${picture}${figcaption}</figure>`;
}
