/**
 * The inline half of the page document model (texts, leaves, marks and inline nodes), with the spec's field
 * names and enum values. Blocks are in document.model.ts, which re-exports this.
 */
import type { ContentRef, ImageRef } from './content-ref.model';

export type MarkType = 'bold' | 'italic' | 'code' | 'strikethrough' | 'keyboard';
export interface Mark {
  object: 'mark';
  type: MarkType;
}

export interface Leaf {
  object: 'leaf';
  text: string;
  marks: Mark[];
}

export interface Text {
  object: 'text';
  key?: string;
  leaves: Leaf[];
}

export interface InlineLink {
  object: 'inline';
  type: 'link';
  key?: string;
  data: { ref: ContentRef };
  nodes: (Text | InlineImage)[];
  isVoid?: false;
}
export interface InlineImage {
  object: 'inline';
  type: 'inline-image';
  key?: string;
  data: { ref: ImageRef; alt?: string; caption?: string };
  isVoid: true;
}
export interface InlineEmoji {
  object: 'inline';
  type: 'emoji';
  key?: string;
  data: { code: string };
  isVoid: true;
}
export interface InlineMath {
  object: 'inline';
  type: 'inline-math';
  key?: string;
  data: { formula: string };
  isVoid: true;
}
export interface InlineMention {
  object: 'inline';
  type: 'mention';
  key?: string;
  data: { ref: ContentRef };
  isVoid: true;
}
export type Inline = InlineLink | InlineImage | InlineEmoji | InlineMath | InlineMention;
