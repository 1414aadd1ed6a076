import { inlineDisposition } from './content-disposition';

describe('inlineDisposition', () => {
  it('names an ASCII file plainly', () => {
    expect(inlineDisposition('logo.png')).toBe(`inline; filename="logo.png"; filename*=UTF-8''logo.png`);
  });

  it('encodes other characters as UTF-8 bytes, with an ASCII fallback', () => {
    expect(inlineDisposition('Résumé 😀.pdf')).toBe(`inline; filename="R_sum_ __.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%F0%9F%98%80.pdf`);
  });

  it('lets no quote, backslash or separator out of the header', () => {
    expect(inlineDisposition(`a"b\\c;d'e(f)*%.txt`)).toBe(`inline; filename="a_b_c;d'e(f)*_.txt"; filename*=UTF-8''a%22b%5Cc%3Bd%27e%28f%29%2A%25.txt`);
  });
});
