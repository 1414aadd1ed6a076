import { Inline, Text } from '@folio/kernel/document/document.model';
import { inlineRuns, plainText } from './inline-runs';

const text = (value: string): Text => ({ object: 'text', leaves: [{ object: 'leaf', text: value, marks: [] }] });

describe('inline runs of the inlines GitBook pages hold', () => {
  it('prints an icon by its name, an expression as code, a button by its label and an annotation by its text', () => {
    const nodes: (Text | Inline)[] = [
      { object: 'inline', type: 'icon', data: { icon: 'rocket' }, isVoid: true },
      text(' v'),
      { object: 'inline', type: 'expression', data: { expression: 'space.vars.version' }, isVoid: true },
      text(' '),
      { object: 'inline', type: 'button', data: { label: 'Start', kind: 'primary', ref: { kind: 'url', url: 'https://x.dev' } }, isVoid: true },
      { object: 'inline', type: 'button', data: { label: 'Ask', kind: 'secondary', action: { action: 'ask' } }, isVoid: true },
      { object: 'inline', type: 'annotation', nodes: [text('noted')], fragments: [], isVoid: false },
    ];
    expect(plainText(nodes)).toBe(':rocket: vspace.vars.version [Start][Ask]noted');
    expect(inlineRuns(nodes)).toEqual(expect.arrayContaining([
      { text: 'space.vars.version', code: true },
      { text: '[Start]', bold: true, ref: { kind: 'url', url: 'https://x.dev' } },
      { text: '[Ask]', bold: true },
    ]));
  });

  it('keeps the style of marks it knows and the text of those it does not (color, superscript)', () => {
    const nodes: Text[] = [{ object: 'text', leaves: [{ object: 'leaf', text: 'x', marks: [{ object: 'mark', type: 'bold' }, { object: 'mark', type: 'color', data: { text: 'red', background: 'default' } }, { object: 'mark', type: 'superscript' }] }] }];
    expect(inlineRuns(nodes)).toEqual([{ text: 'x', bold: true }]);
  });
});
