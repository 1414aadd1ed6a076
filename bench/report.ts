// Plain-text tables for the report: right-aligned numbers, no dependencies.

export function num(value: number, digits = 0): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

export function ms(value: number): string {
  return `${num(value, value < 10 ? 2 : 1)} ms`;
}

export function seconds(value: number): string {
  return `${num(value / 1000, 2)} s`;
}

/** Microseconds (CPU time per request); a dash when not measured. */
export function us(value: number): string {
  return Number.isNaN(value) ? '–' : `${num(value, 1)} µs`;
}

export function ratio(value: number): string {
  return `${num(value, 2)}×`;
}

/** First column left-aligned (labels), the others right-aligned (figures). */
export function table(header: string[], rows: string[][]): string {
  const all = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...all.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  return [line(header), widths.map((w) => '─'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function section(title: string, body: string): string {
  return `\n${title}\n${'='.repeat(title.length)}\n${body}\n`;
}
