/**
 * A text without its leading and trailing spaces, and the way to put them back: engines trim what they
 * translate, and a leaf's edge spaces are what keeps it apart from the next one.
 */
export function splitEdges(text: string): { core: string; restore(translated: string): string } {
  const [, before, core, after] = /^(\s*)([\s\S]*?)(\s*)$/.exec(text) ?? ['', '', text, ''];
  return { core, restore: (translated) => before + translated.trim() + after };
}
