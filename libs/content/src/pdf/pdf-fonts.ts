import { dirname, join } from 'node:path';

/**
 * The DejaVu fonts (npm `dejavu-fonts-ttf`): TrueType fonts covering Latin, Greek, Cyrillic, Arabic,
 * Hebrew and many symbols, embedded as subsets (only the glyphs used). The PDF's standard 14 fonts know
 * WinAnsi only: "Größe", "Δ" or "→" would come out as garbage. CJK is outside DejaVu: such glyphs are missing.
 */
const folder = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const file = (name: string) => join(folder, `${name}.ttf`);

/**
 * Each font is registered under its file's path (pdfkit reads it once per PDF). The name matters: pdfkit
 * restores the current font after every table cell from its source, and finds it in its cache only when that
 * source is also the name it was registered under; registered by bytes, the font file was parsed again for
 * every cell (40 ms a cell: a 20,000-row table took the server's CPU for minutes).
 */
export const FONT = {
  regular: file('DejaVuSans'),
  bold: file('DejaVuSans-Bold'),
  italic: file('DejaVuSans-Oblique'),
  boldItalic: file('DejaVuSans-BoldOblique'),
  mono: file('DejaVuSansMono'),
  monoBold: file('DejaVuSansMono-Bold'),
  monoItalic: file('DejaVuSansMono-Oblique'),
  monoBoldItalic: file('DejaVuSansMono-BoldOblique'),
};

export type FontName = string;

/** The font of a run of text, from its marks. */
export function fontOf(style: { bold?: boolean; italic?: boolean; code?: boolean }): FontName {
  if (style.code) return style.bold ? (style.italic ? FONT.monoBoldItalic : FONT.monoBold) : style.italic ? FONT.monoItalic : FONT.mono;
  return style.bold ? (style.italic ? FONT.boldItalic : FONT.bold) : style.italic ? FONT.italic : FONT.regular;
}
