import type { PageDocument } from '@folio/content/public/comment-body';
import { mentionHandles, withMentions } from './comment-mentions';

const ID = 'A1b2C3d4E5f6G7h8I9j0';
const leaf = (text: string, marks: string[] = []) => ({ object: 'leaf', text, marks: marks.map((type) => ({ object: 'mark', type })) });
const paragraph = (...nodes: unknown[]) => ({ object: 'block', type: 'paragraph', data: {}, nodes });
const doc = (...blocks: unknown[]) => ({ object: 'document', data: {}, nodes: blocks }) as unknown as PageDocument;
const text = (...leaves: unknown[]) => ({ object: 'text', leaves });
const mention = (user: string) => ({ object: 'inline', type: 'mention', data: { ref: { kind: 'user', user } }, isVoid: true });

describe('comment mentions', () => {
  it('finds emails and ids after @, and the users of mention inlines', () =>
    expect(mentionHandles(doc(paragraph(text(leaf(`Hi @ada@example.com and @${ID}.`)), mention('u9'))))).toEqual(['ada@example.com', ID, 'u9']));

  it('ignores handles in code and inside words', () =>
    expect(mentionHandles(doc(paragraph(text(leaf('run @ada@example.com', ['code']), leaf(' mail me: x@ada@example.com')))))).toEqual([]));

  it('turns a member handle into a mention inline between texts', () =>
    expect(withMentions(doc(paragraph(text(leaf('Hi @ada@example.com, look')))), new Map([['ada@example.com', 'u1']]))).toEqual(
      doc(paragraph(text(leaf('Hi ')), mention('u1'), text(leaf(', look')))),
    ));

  it('keeps the marks of the text around a mention', () =>
    expect(withMentions(doc(paragraph(text(leaf(`@${ID} now`, ['bold'])))), new Map([[ID, ID]]))).toEqual(
      doc(paragraph(mention(ID), text(leaf(' now', ['bold'])))),
    ));

  it('leaves unknown handles as text', () => {
    const document = doc(paragraph(text(leaf('Hi @nobody@example.com'))));
    expect(withMentions(document, new Map())).toEqual(document);
  });

  it('turns a mention inline of a non-member into text', () =>
    expect(withMentions(doc(paragraph(mention('u9'))), new Map())).toEqual(doc(paragraph(text(leaf('@u9'))))));

  it('reads an email that markdown made a link after @ as a handle', () => {
    const link = { object: 'inline', type: 'link', data: { ref: { kind: 'url', url: 'mailto:ada@example.com' } }, nodes: [text(leaf('ada@example.com'))] };
    const document = doc(paragraph(text(leaf('Hi @')), link, text(leaf(' and you'))));
    expect(mentionHandles(document)).toEqual(['ada@example.com']);
    expect(withMentions(document, new Map([['ada@example.com', 'u1']]))).toEqual(doc(paragraph(text(leaf('Hi ')), mention('u1'), text(leaf(' and you')))));
  });

  it('reads every one of a long run of `@` + email links as a handle, and an `@` inside a word as none', () => {
    const link = (n: number) => ({ object: 'inline', type: 'link', data: { ref: { kind: 'url', url: `mailto:u${n}@example.com` } }, nodes: [text(leaf(`u${n}@example.com`))] });
    const nodes = Array.from({ length: 5_000 }, (_, n) => [text(leaf(n === 0 ? '@' : ' @')), link(n)]).flat();
    expect(mentionHandles(doc(paragraph(...nodes, text(leaf(' end')))))).toHaveLength(5_000);
    expect(mentionHandles(doc(paragraph(text(leaf('a.@')), link(1))))).toEqual([]);
  });

  it('keeps a plain email link a link', () => {
    const link = { object: 'inline', type: 'link', data: { ref: { kind: 'url', url: 'mailto:ada@example.com' } }, nodes: [text(leaf('ada@example.com'))] };
    const document = doc(paragraph(text(leaf('Write to ')), link));
    expect(withMentions(document, new Map([['ada@example.com', 'u1']]))).toEqual(document);
  });

  it('does not change the document it was given', () => {
    const document = doc(paragraph(text(leaf('@ada@example.com'))));
    withMentions(document, new Map([['ada@example.com', 'u1']]));
    expect(document).toEqual(doc(paragraph(text(leaf('@ada@example.com')))));
  });
});
