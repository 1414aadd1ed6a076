import { spawnSync } from 'node:child_process';
import { ApertiumEngine } from './apertium-engine';
import { EngineFailed } from './translation-engine';
import { translatePage } from '../translate-page';

const modes = spawnSync('apertium', ['-l'], { encoding: 'utf8' });
const installed = modes.error === undefined ? modes.stdout.split('\n').map((line) => line.trim()) : [];
const engSpa = installed.includes('eng-spa');
const SKIP = ' (skipped: apertium or its eng-spa pair is not installed; apt-get install apertium apertium-eng-spa)';

describe('ApertiumEngine', () => {
  (engSpa ? it : it.skip)(`translates texts and HTML with the installed pair, tags kept${engSpa ? '' : SKIP}`, async () => {
    const engine = new ApertiumEngine();
    const html = await engine.translate({ texts: ['The <m1>house</m1> is big.', 'Open the <m1>space</m1><x2/> and read <l3>the guide</l3>.'], from: 'en', to: 'es', format: 'html' });
    expect(html[0]).toMatch(/^La <m1>casa<\/m1> es grande\.$/);
    for (const tag of ['<m1>', '</m1>', '<x2', '<l3>', '</l3>']) expect(html[1]).toContain(tag);
    const text = await engine.translate({ texts: ['The house', 'a < b & c'], from: 'en', to: 'es', format: 'text' });
    expect(text).toEqual(['La casa', expect.stringMatching(/^[Uu]n < b & c$/)]);
  }, 60_000);

  (engSpa ? it : it.skip)(`translates a page with the structure kept${engSpa ? '' : SKIP}`, async () => {
    const leaf = (text: string, marks: { object: 'mark'; type: 'bold' }[] = []) => ({ object: 'leaf' as const, text, marks });
    const document = {
      object: 'document' as const,
      data: {},
      nodes: [{ object: 'block' as const, type: 'paragraph' as const, key: 'p', nodes: [{ object: 'text' as const, leaves: [leaf('The '), leaf('house', [{ object: 'mark', type: 'bold' }]), leaf(' is big.')] }] }],
    };
    const { page } = await translatePage({ page: { title: 'The house', document }, from: 'en', to: 'es', glossary: [] }, new ApertiumEngine());
    expect(page.title).toBe('La casa');
    expect(page.document!.nodes[0]).toEqual({ ...document.nodes[0], nodes: [{ object: 'text', leaves: [leaf('La '), leaf('casa', [{ object: 'mark', type: 'bold' }]), leaf(' es grande.')] }] });
  }, 60_000);

  (engSpa ? it : it.skip)(`names the installed pairs when the one asked is missing${engSpa ? '' : SKIP}`, async () => {
    await expect(new ApertiumEngine().translate({ texts: ['x'], from: 'ja', to: 'ko', format: 'text' })).rejects.toThrow(
      new EngineFailed(
        `Apertium has no pair installed from ja into ko (installed: ${installed.filter(Boolean).join(', ')}); install it (apt-get install apertium-<pair>, e.g. apertium-eng-spa) and restart Folio`,
      ),
    );
  }, 60_000);

  it('says how to install it when the command is missing', async () => {
    await expect(new ApertiumEngine('folio-no-such-apertium').translate({ texts: ['x'], from: 'en', to: 'es', format: 'text' })).rejects.toThrow(
      new EngineFailed('The folio-no-such-apertium command is not installed: apt-get install apertium and the pairs to translate (apertium-eng-spa…), or choose another TRANSLATION_ENGINE'),
    );
  });

  it('sends nothing for no texts', async () => {
    expect(await new ApertiumEngine('folio-no-such-apertium').translate({ texts: [], from: 'en', to: 'es', format: 'text' })).toEqual([]);
  });
});
