import { PseudoEngine } from './pseudo-engine';

describe('PseudoEngine', () => {
  const engine = new PseudoEngine();

  it('accents, lengthens and brackets a text, the same way every time', async () => {
    const source = 'The quick brown fox jumps over the lazy dog';
    const [once] = await engine.translate({ texts: [source], from: 'en', to: 'fr', format: 'text' });
    expect(once).toBe('[Ţĥéé ǫúúííçķ ƀŕóóŵñ ƒóóẋ ĵúúɱþš óóṽééŕ ţĥéé ĺáážýý đóóĝ]');
    expect(once.length / source.length).toBeGreaterThan(1.3);
    expect(once.length / source.length).toBeLessThan(1.45);
    expect(await engine.translate({ texts: [source], from: 'en', to: 'fr', format: 'text' })).toEqual([once]);
  });

  it('changes only the text outside tags and entities in HTML', async () => {
    const [html] = await engine.translate({ texts: ['<m1>Bold</m1> &amp; <x2/> <g3>term</g3>'], from: 'en', to: 'de', format: 'html' });
    expect(html).toBe('[<m1>Ɓóóĺđ</m1> &amp; <x2/> <g3>ţééŕɱ</g3>]');
  });

  it('leaves blank texts and text-less HTML as they are', async () => {
    expect(await engine.translate({ texts: [' ', '', '<x1/> <x2/>'], from: 'en', to: 'de', format: 'html' })).toEqual([' ', '', '<x1/> <x2/>']);
  });
});
