import { countKeptVerbatim } from './kept-verbatim';

const code = (syntax: string) => ({ object: 'block', type: 'code', data: { syntax }, nodes: [] });

describe('countKeptVerbatim', () => {
  it('counts verbatim code blocks at any depth, in blocks and table fragments, and no other code', () => {
    const document = {
      object: 'document' as const,
      data: {},
      nodes: [
        code('verbatim'),
        code('ts'),
        { object: 'block', type: 'hint', data: { style: 'info' }, nodes: [code('verbatim')] },
        { object: 'block', type: 'table', data: {}, nodes: [], fragments: [{ object: 'fragment', nodes: [code('verbatim')] }] },
      ],
    };
    expect(countKeptVerbatim(document as never)).toBe(3);
  });
});
