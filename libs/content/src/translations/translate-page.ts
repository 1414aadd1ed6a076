import { Inline, Leaf, Text } from '@folio/kernel/document/document.model';
import { TranslationEngine } from './engines/translation-engine';
import { PageText, PageTranslation, PageTranslationRequest } from './page-translation';
import { splitEdges } from './walk/edge-spaces';
import { translateInBatches } from './walk/engine-batches';
import { GlossaryMatcher } from './walk/glossary-match';
import { decodeMarkup, escapeMarkup, fromMarkup, isCode, toMarkup } from './walk/inline-markup';
import { documentUnits, stringUnit, TextUnit } from './walk/text-units';

/**
 * A page translated by `engine`: its title, description and every text of its document (see documentUnits),
 * the document's structure kept node for node. Each unit goes to the engine whole, as markup whose tags
 * stand for its marks, links and kept inlines (so the engine may reorder the words around them); a unit whose
 * tags do not come back intact is translated again leaf by leaf, as plain texts, so that the structure is
 * always the source's. Glossary terms are never sent: they are replaced by their fixed translation.
 * EngineFailed when the engine fails; nothing is half-translated then (the caller keeps no result).
 */
export async function translatePage(request: PageTranslationRequest, engine: TranslationEngine): Promise<PageTranslation> {
  const { from, to } = request;
  const glossary = new GlossaryMatcher(request.glossary);
  const page: PageText = structuredClone(request.page);
  const units: TextUnit[] = [stringUnit(page.title, (title) => (page.title = title))];
  if (page.description?.trim()) units.push(stringUnit(page.description, (description) => (page.description = description)));
  if (page.document) units.push(...documentUnits(page.document));
  const markups = units.map((unit) => toMarkup(unit.nodes, glossary));

  // A unit with nothing to translate is its own answer (its glossary terms are still put in).
  const answers = markups.map((markup) => markup.markup);
  const html = markups.flatMap((markup, i) => (markup.translatable && markup.tags.length > 0 ? [i] : []));
  const text = markups.flatMap((markup, i) => (markup.translatable && markup.tags.length === 0 ? [i] : []));
  const htmlAnswers = await translateInBatches(engine, { from, to, format: 'html' }, html.map((i) => markups[i].markup));
  html.forEach((unit, n) => (answers[unit] = htmlAnswers[n]));
  const edges = text.map((i) => splitEdges(decodeMarkup(markups[i].markup)));
  const textAnswers = await translateInBatches(engine, { from, to, format: 'text' }, edges.map((edge) => edge.core));
  text.forEach((unit, n) => (answers[unit] = escapeMarkup(edges[n].restore(textAnswers[n]))));

  const broken: TextUnit[] = [];
  units.forEach((unit, i) => {
    const nodes = fromMarkup(answers[i], markups[i], unit.nodes);
    if (nodes) unit.apply(nodes);
    else broken.push(unit);
  });
  await translateLeafByLeaf(broken, glossary, engine, request);
  return { page, words: markups.reduce((sum, markup) => sum + markup.words, 0) };
}

/** The fallback: each leaf's words translated alone (format `text`), every node and mark left where it is. */
async function translateLeafByLeaf(units: readonly TextUnit[], glossary: GlossaryMatcher, engine: TranslationEngine, request: PageTranslationRequest): Promise<void> {
  const leaves = units.flatMap((unit) => leavesOf(unit.nodes).map((leaf) => ({ leaf, pieces: glossary.split(leaf.text) })));
  const sent = leaves.flatMap(({ pieces }) => pieces.flatMap((piece) => ('term' in piece || !piece.text.trim() ? [] : [{ piece, edges: splitEdges(piece.text) }])));
  const translated = await translateInBatches(engine, { from: request.from, to: request.to, format: 'text' }, sent.map(({ edges }) => edges.core));
  const answers = new Map(sent.map(({ piece, edges }, i) => [piece, edges.restore(translated[i])]));
  for (const { leaf, pieces } of leaves) leaf.text = pieces.map((piece) => ('term' in piece ? piece.term.target : (answers.get(piece) ?? piece.text))).join('');
  for (const unit of units) unit.apply(unit.nodes);
}

/** The leaves of a run whose words are translated: in links and annotations too, never in inline code. */
function leavesOf(nodes: readonly (Text | Inline)[]): Leaf[] {
  return nodes.flatMap((node) => {
    if (node.object === 'text') return node.leaves.filter((leaf) => !isCode(leaf));
    return node.type === 'link' || node.type === 'annotation' ? leavesOf(node.nodes as (Text | Inline)[]) : [];
  });
}
