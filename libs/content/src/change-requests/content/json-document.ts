import { Invalid } from '@folio/platform/domain/errors';
import { assertDocumentBounds } from '@folio/kernel/document/document-limits';
import { inlineProblem, markProblem } from '@folio/kernel/document/inline-schema';
import { invalidAt } from './refusal-at';
import { PageDocument } from '@folio/kernel/document/document.model';

/**
 * What each kind of node in a caller's JSON document may hold (JSONDocument of the client's spec):
 * its properties, and the kinds its `nodes` / `fragments` / `leaves` / `marks` may contain. Block types
 * Folio does not convert to markdown are kept as they came, so only the frame is judged, not each type's data.
 */
const KINDS = {
  block: { properties: ['object', 'type', 'key', 'data', 'nodes', 'fragments', 'isVoid', 'meta'], nodes: ['block', 'inline', 'text'] },
  inline: { properties: ['object', 'type', 'key', 'data', 'nodes', 'fragments', 'isVoid', 'meta'], nodes: ['inline', 'text'] },
  fragment: { properties: ['object', 'fragment', 'type', 'key', 'nodes'], nodes: ['block'] },
  text: { properties: ['object', 'key', 'leaves'], nodes: [] },
  leaf: { properties: ['object', 'text', 'marks'], nodes: [] },
  mark: { properties: ['object', 'type', 'data'], nodes: [] },
} as const;
type Kind = keyof typeof KINDS;

/**
 * Refuses a JSON document that is not one the spec describes, naming where (`<path>.nodes[2].leaves[0].text`):
 * depth and size first (bounded before anything else walks it), then every node's kind, properties and fields.
 * Walked without recursion.
 */
export function assertJsonDocument(document: PageDocument, path: string): void {
  try {
    assertDocumentBounds(document);
  } catch (error) {
    throw invalidAt(path, error);
  }
  const pending: { node: unknown; path: string; allowed: readonly string[] }[] = [];
  const children = (list: unknown, listPath: string, allowed: readonly string[], required: boolean) => {
    if (list === undefined && !required) return;
    if (!Array.isArray(list)) throw new Invalid(`${listPath}: must be an array`);
    // Last first, so the walk (a stack) meets the nodes in document order and names the first bad one.
    for (let i = list.length - 1; i >= 0; i--) pending.push({ node: list[i], path: `${listPath}[${i}]`, allowed });
  };
  children(document.nodes, `${path}.nodes`, ['block'], true);
  for (let entry = pending.pop(); entry !== undefined; entry = pending.pop()) {
    const { node, path: at, allowed } = entry;
    if (node === null || typeof node !== 'object' || Array.isArray(node)) throw new Invalid(`${at}: must be an object`);
    const fields = node as Record<string, unknown>;
    const kind = fields.object as Kind;
    if (typeof kind !== 'string' || !allowed.includes(kind)) throw new Invalid(`${at}.object: must be one of ${allowed.join(', ')}`);
    const unknown = Object.keys(fields).find((name) => !(KINDS[kind].properties as readonly string[]).includes(name));
    if (unknown !== undefined) throw new Invalid(`${at}.${unknown}: is not a property of a ${kind}`);
    if (fields.key !== undefined) expectString(fields.key, `${at}.key`);
    if (fields.data !== undefined && (fields.data === null || typeof fields.data !== 'object' || Array.isArray(fields.data))) {
      throw new Invalid(`${at}.data: must be an object`);
    }
    switch (kind) {
      case 'block':
      case 'inline':
        expectString(fields.type, `${at}.type`);
        if (fields.isVoid !== undefined && typeof fields.isVoid !== 'boolean') throw new Invalid(`${at}.isVoid: must be a boolean`);
        children(fields.nodes, `${at}.nodes`, KINDS[kind].nodes, false);
        children(fields.fragments, `${at}.fragments`, ['fragment'], false);
        if (kind === 'inline') refuse(inlineProblem(fields.type, fields.data), at);
        break;
      case 'fragment':
        expectString(fields.fragment, `${at}.fragment`);
        if (fields.type !== undefined) expectString(fields.type, `${at}.type`);
        children(fields.nodes, `${at}.nodes`, KINDS.fragment.nodes, true);
        break;
      case 'text':
        children(fields.leaves, `${at}.leaves`, ['leaf'], true);
        break;
      case 'leaf':
        if (typeof fields.text !== 'string') throw new Invalid(`${at}.text: must be a string`);
        children(fields.marks, `${at}.marks`, ['mark'], true);
        break;
      case 'mark':
        expectString(fields.type, `${at}.type`);
        refuse(markProblem(fields.type, fields.data), at);
        break;
    }
  }
}

/** An inline's or a mark's fields the spec does not allow, named where they are. */
function refuse(problem: string | undefined, at: string): void {
  if (problem !== undefined) throw new Invalid(`${at}.${problem}`);
}

function expectString(value: unknown, path: string): void {
  if (typeof value !== 'string' || value.length === 0 || value.length > 256) {
    throw new Invalid(`${path}: must be a string of 1 to 256 characters`);
  }
}
