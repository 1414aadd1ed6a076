import { Invalid } from '@folio/platform/domain/errors';
import { apiReference } from './built-in/api-reference';
import { changelog } from './built-in/changelog';
import { knowledgeBase } from './built-in/knowledge-base';
import { productDocs } from './built-in/product-docs';
import { SpaceTemplate } from './space-template';

/** The built-in templates, in the order the README lists them. */
export const SPACE_TEMPLATES: readonly SpaceTemplate[] = [productDocs, apiReference, knowledgeBase, changelog];

/** The template `id` names; a 400 naming it (and the ones there are) otherwise. */
export function findTemplate(id: string, where: string): SpaceTemplate {
  const template = SPACE_TEMPLATES.find((candidate) => candidate.id === id);
  if (!template) {
    throw new Invalid(`${where}: no template ${JSON.stringify(id)}; the templates are ${SPACE_TEMPLATES.map((t) => t.id).join(', ')}`);
  }
  return template;
}
