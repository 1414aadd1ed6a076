import { emojiOf } from './comment-emoji';

describe('emojiOf', () => {
  it.each([
    ['👍', '👍'],
    ['👍🏽', '👍🏽'],
    ['🇫🇷', '🇫🇷'],
    ['❤️', '❤️'],
    ['👨‍👩‍👧', '👨‍👩‍👧'],
    ['1f44d', '👍'],
    ['1F389', '🎉'],
    ['1f468-200d-1f469-200d-1f467', '👨‍👩‍👧'],
  ])('reads %s as %s', (value, emoji) => expect(emojiOf(value)).toBe(emoji));

  it.each(['', 'a', ':)', '👍👍', '👍 ', 'thumbsup', '41', '110000', '1f44d-'])('refuses %j', (value) => expect(emojiOf(value)).toBeNull());
});
