import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The DejaVu fonts (npm `dejavu-fonts-ttf`): TrueType fonts covering Latin, Greek, Cyrillic, Arabic,
 * Hebrew and many symbols, embedded as subsets (only the glyphs used). The PDF's standard 14 fonts know
 * WinAnsi only: "Größe", "Δ" or "→" would come out as garbage. CJK is outside DejaVu: such glyphs are missing.
 */
export const FONT = {
  regular: 'DejaVuSans',
  bold: 'DejaVuSans-Bold',
  italic: 'DejaVuSans-Oblique',
  boldItalic: 'DejaVuSans-BoldOblique',
  mono: 'DejaVuSansMono',
  monoBold: 'DejaVuSansMono-Bold',
  monoItalic: 'DejaVuSansMono-Oblique',
  monoBoldItalic: 'DejaVuSansMono-BoldOblique',
} as const;

export type FontName = (typeof FONT)[keyof typeof FONT];

let loaded: Map<FontName, Buffer> | undefined;

/** The font files' bytes, read once per process (about 2.5 MB) and shared by every PDF. */
export function fontFiles(): ReadonlyMap<FontName, Buffer> {
  if (!loaded) {
    const folder = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
    loaded = new Map(Object.values(FONT).map((name) => [name, readFileSync(join(folder, `${name}.ttf`))]));
  }
  return loaded;
}

/** The font of a run of text, from its marks. */
export function fontOf(style: { bold?: boolean; italic?: boolean; code?: boolean }): FontName {
  if (style.code) return style.bold ? (style.italic ? FONT.monoBoldItalic : FONT.monoBold) : style.italic ? FONT.monoItalic : FONT.mono;
  return style.bold ? (style.italic ? FONT.boldItalic : FONT.bold) : style.italic ? FONT.italic : FONT.regular;
}
