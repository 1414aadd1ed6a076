/** The look of an exported PDF: A4, 2 cm margins, GitHub-like greys and accents. Sizes in points. */
export const PAGE_SIZE = 'A4';
export const MARGIN = 56;

export const SIZE = {
  title: 22,
  description: 11.5,
  'heading-1': 17,
  'heading-2': 14,
  'heading-3': 12,
  body: 10.5,
  code: 9,
  table: 9,
  caption: 8.5,
  footer: 8,
} as const;

/** Space after a block, and the gap between lines of one paragraph. */
export const GAP = { block: 7, tight: 3, line: 2 } as const;

/** How far each level of a list or a quote moves its content right, and how deep that goes. */
export const INDENT = 18;
export const MAX_INDENT_LEVELS = 8;

export const COLOR = {
  text: '#1f2328',
  muted: '#59636e',
  link: '#0969da',
  code: '#6e3630',
  codeBackground: '#f6f8fa',
  rule: '#d1d9e0',
  quote: '#d1d9e0',
  hint: { info: '#0969da', warning: '#9a6700', danger: '#d1242f', success: '#1a7f37' },
} as const;

/** Labels of the hint styles, drawn above a hint's content. */
export const HINT_LABEL = { info: 'Info', warning: 'Warning', danger: 'Danger', success: 'Success' } as const;
