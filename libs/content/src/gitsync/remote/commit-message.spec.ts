import { commitMessage } from './commit-message';

describe('commitMessage', () => {
  const merge = { subject: 'Fix the setup guide', number: 7, author: 'Ed Editor', revision: 'r42' };

  it("defaults to the change request's subject and number, or a direct edit's line", () => {
    expect(commitMessage(undefined, merge)).toBe('Fix the setup guide (#7)');
    expect(commitMessage(undefined, { author: 'Ann', revision: 'r43' })).toBe('Update from Folio');
  });

  it('replaces the four placeholders, every occurrence, and nothing else', () => {
    expect(commitMessage('{subject} by {author} [{revision}] #{number} {subject} {other} {{author}} $&', merge)).toBe(
      'Fix the setup guide by Ed Editor [r42] #7 Fix the setup guide {other} {Ed Editor} $&',
    );
    expect(commitMessage('docs: {subject} #{number}', { author: 'Ann', revision: 'r43' })).toBe('docs: Update from Folio #');
  });

  it('does not expand placeholders inside replaced values', () => {
    expect(commitMessage('{subject}', { ...merge, subject: 'About {author}' })).toBe('About {author}');
  });
});
