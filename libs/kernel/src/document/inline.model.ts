/**
 * The inline half of the page document model (texts, leaves, marks and inline nodes): every DocumentTextMark
 * and DocumentInline of the client's spec, with its field names and enum values. Blocks are in
 * document.model.ts, which re-exports this.
 */
import type { ContentRef, ImageRef } from './content-ref.model';
import type { Block } from './document.model';

/** DocumentTextColor: the palette a color mark (text and background) and an icon take their color from. */
export const TEXT_COLORS = [
  'default', 'green', 'blue', 'red', 'orange', 'yellow', 'purple', 'pink', 'violet', 'cyan',
  '$primary', '$info', '$success', '$warning', '$danger', '$tint',
] as const;
export type TextColor = (typeof TEXT_COLORS)[number];

/** The marks that carry no data. */
export type PlainMarkType = 'bold' | 'italic' | 'code' | 'strikethrough' | 'keyboard' | 'superscript' | 'subscript';
export interface PlainMark {
  object: 'mark';
  type: PlainMarkType;
}
export interface ColorMark {
  object: 'mark';
  type: 'color';
  data: { text: TextColor; background: TextColor };
}
export type Mark = PlainMark | ColorMark;
export type MarkType = Mark['type'];

export interface Leaf {
  object: 'leaf';
  text: string;
  /** Outermost first, as Markdown nests them: the order is kept so that `_**a**_` and `**_a_**` both survive. */
  marks: Mark[];
}

export interface Text {
  object: 'text';
  key?: string;
  leaves: Leaf[];
}

interface InlineBase<T extends string> {
  object: 'inline';
  type: T;
  key?: string;
}

export interface InlineLink extends InlineBase<'link'> {
  data: { ref: ContentRef };
  nodes: (Text | InlineImage)[];
  isVoid?: false;
}
export interface InlineImage extends InlineBase<'inline-image'> {
  data: { ref: ImageRef; refDark?: ImageRef; caption?: string; alt?: string; size?: 'original' | 'line' };
  isVoid: true;
}
export interface InlineEmoji extends InlineBase<'emoji'> {
  /** The emoji's code points in hex, joined by `-` (`1f600`, `1f468-200d-1f4bb`). */
  data: { code: string };
  isVoid: true;
}
export interface InlineIcon extends InlineBase<'icon'> {
  data: { icon: string; color?: TextColor };
  isVoid: true;
}
export interface InlineExpression extends InlineBase<'expression'> {
  data: { expression: string };
  isVoid: true;
}
export interface InlineMath extends InlineBase<'inline-math'> {
  data: { formula: string };
  isVoid: true;
}
export interface InlineMention extends InlineBase<'mention'> {
  data: { ref: ContentRef };
  isVoid: true;
}
/** An annotation's body: the spec allows essential blocks (paragraphs, headings, lists, dividers) and code. */
export interface AnnotationBody {
  object: 'fragment';
  key?: string;
  fragment: string;
  type: 'annotation-body';
  nodes: Block[];
}
export interface InlineAnnotation extends InlineBase<'annotation'> {
  data?: Record<string, never>;
  /** The annotated text. */
  nodes: Text[];
  fragments: AnnotationBody[];
  isVoid: false;
}

/** DocumentAction: what an inline button does when it has no link. */
export type ButtonAction =
  | { action: 'search'; query?: string }
  | { action: 'ask'; query?: string }
  | { action: 'select'; slug: string };
export const BUTTON_KINDS = ['primary', 'secondary'] as const;
export const BUTTON_SIZES = ['small', 'medium', 'large'] as const;
interface ButtonBase {
  label: string;
  kind: (typeof BUTTON_KINDS)[number];
  size?: (typeof BUTTON_SIZES)[number];
  /** An icon name (Font Awesome's, without `fa-`), at most 50 characters in the spec. */
  icon?: string;
}
export interface InlineButton extends InlineBase<'button'> {
  data: ButtonBase & ({ ref: ContentRef } | { action: ButtonAction });
  isVoid: true;
}

export type Inline =
  | InlineLink
  | InlineImage
  | InlineEmoji
  | InlineIcon
  | InlineExpression
  | InlineMath
  | InlineMention
  | InlineAnnotation
  | InlineButton;
