import { PageDocument } from './document.model';
import { nodeByKey, nodeKeys } from './node-by-key';

const text = (t: string) => ({ object: 'text' as const, key: `text-${t}`, leaves: [{ object: 'leaf' as const, text: t, marks: [] }] });

const document = {
  object: 'document',
  data: {},
  nodes: [
    {
      object: 'block',
      type: 'paragraph',
      key: 'para',
      nodes: [text('see '), { object: 'inline', type: 'link', key: 'link', data: { ref: { kind: 'url', url: 'https://example.com' } }, nodes: [text('here')] }],
    },
    {
      object: 'block',
      type: 'expandable',
      key: 'exp',
      data: {},
      isVoid: true,
      fragments: [{ object: 'fragment', key: 'frag', fragment: 'body', nodes: [{ object: 'block', type: 'hint', key: 'hint', data: { style: 'info' }, nodes: [{ object: 'block', type: 'paragraph', key: 'deep', nodes: [text('x')] }] }] }],
    },
  ],
} as PageDocument;

describe('nodeByKey', () => {
  it.each(['para', 'link', 'exp', 'hint', 'deep'])('finds the block or inline keyed %s, however deep, through fragments', (key) =>
    expect(nodeByKey(document, key)).toMatchObject({ key }));

  it.each(['frag', 'text-here', 'nope'])('finds nothing for %s (a fragment, a text, no node)', (key) => expect(nodeByKey(document, key)).toBeNull());

  it('walks a document far deeper than a call stack would', () => {
    let nested: unknown = { object: 'block', type: 'paragraph', key: 'bottom', nodes: [] };
    for (let depth = 0; depth < 100_000; depth++) nested = { object: 'block', type: 'blockquote', nodes: [nested] };
    expect(nodeByKey({ object: 'document', data: {}, nodes: [nested] } as PageDocument, 'bottom')).toMatchObject({ key: 'bottom' });
  });
});

describe('nodeKeys', () => {
  it('lists the key of every block and inline nodeByKey finds, and no fragment or text', () =>
    expect(nodeKeys(document)).toEqual(['deep', 'exp', 'hint', 'link', 'para']));
});
