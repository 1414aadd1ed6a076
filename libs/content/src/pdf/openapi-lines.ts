import { Listed, OpenAPIPrintout, PrintedBody, PrintedOperation, PrintedProperty } from '../openapi/blocks/openapi-printout';
import { Run } from './inline-runs';

/** One line of an OpenAPI block as printed: a heading of a part, an entry, or a note, each a paragraph of runs. */
export interface OpenAPILine {
  runs: Run[];
  role: 'title' | 'heading' | 'entry' | 'text' | 'note';
  /** An entry under another (a property of a body or a schema). */
  nested?: boolean;
}

/**
 * The lines an OpenAPI block prints, top to bottom: an operation's method and path, summary and description,
 * its parameters (name, place, type, whether required, description), its request body or payload and its
 * responses (status, description, media types, type); a schema's properties; or the one line saying why the
 * block shows nothing. Lists cut short say how many more the spec has.
 */
export function openapiLines(printout: OpenAPIPrintout): OpenAPILine[] {
  switch (printout.kind) {
    case 'unavailable':
      return [{ runs: [{ text: printout.message, italic: true }], role: 'note' }];
    case 'operation':
      return operationLines(printout);
    case 'schemas':
      return [
        ...printout.schemas.items.flatMap((schema) => [
          { runs: [{ text: schema.name, code: true, bold: true }, { text: ` ${schema.type}` }], role: 'title' as const },
          ...(schema.description ? [{ runs: [{ text: schema.description }], role: 'text' as const }] : []),
          ...propertyLines(schema.properties, false),
        ]),
        ...more(printout.schemas, 'schemas'),
        ...(printout.missing.length > 0 ? [{ runs: [{ text: `Not in the spec: ${printout.missing.join(', ')}`, italic: true }], role: 'note' as const }] : []),
      ];
  }
}

function operationLines(operation: PrintedOperation): OpenAPILine[] {
  const lines: OpenAPILine[] = [{ runs: [{ text: operation.title, code: true, bold: true }, ...(operation.deprecated ? [{ text: ' (deprecated)', italic: true }] : [])], role: 'title' }];
  if (operation.summary) lines.push({ runs: [{ text: operation.summary, bold: true }], role: 'text' });
  if (operation.description) lines.push({ runs: [{ text: operation.description }], role: 'text' });
  if (operation.parameters.items.length > 0) {
    lines.push({ runs: [{ text: 'Parameters', bold: true }], role: 'heading' });
    for (const parameter of operation.parameters.items) {
      lines.push({
        runs: [{ text: parameter.name, code: true }, { text: ` (${parameter.in}) ${parameter.type}${parameter.required ? ', required' : ''}` }, ...described(parameter.description)],
        role: 'entry',
      });
    }
    lines.push(...more(operation.parameters, 'parameters'));
  }
  if (operation.body) lines.push(...bodyLines(operation.body, operation.title.startsWith('Webhook ') ? 'Payload' : 'Request body'));
  if (operation.responses.items.length > 0) {
    lines.push({ runs: [{ text: 'Responses', bold: true }], role: 'heading' });
    for (const response of operation.responses.items) {
      const shape = [response.type, response.mediaTypes.join(', ')].filter(Boolean).join(' · ');
      lines.push({ runs: [{ text: response.status, code: true, bold: true }, ...described(response.description), ...(shape ? [{ text: ` (${shape})` }] : [])], role: 'entry' });
    }
    lines.push(...more(operation.responses, 'responses'));
  }
  return lines;
}

function bodyLines(body: PrintedBody, heading: string): OpenAPILine[] {
  const shape = [body.type, body.mediaTypes.join(', ')].filter(Boolean).join(' · ');
  return [
    { runs: [{ text: heading, bold: true }, ...(body.required ? [{ text: ' (required)' }] : []), ...(shape ? [{ text: `: ${shape}` }] : [])], role: 'heading' },
    ...(body.description ? [{ runs: [{ text: body.description }], role: 'text' as const }] : []),
    ...propertyLines(body.properties, true),
  ];
}

function propertyLines(properties: Listed<PrintedProperty>, nested: boolean): OpenAPILine[] {
  return [
    ...properties.items.map((property): OpenAPILine => ({
      runs: [{ text: property.name, code: true }, { text: ` ${property.type}${property.required ? ', required' : ''}` }],
      role: 'entry',
      nested,
    })),
    ...more(properties, 'properties'),
  ];
}

const described = (description: string | undefined): Run[] => (description ? [{ text: ` — ${description}` }] : []);

function more(list: Listed<unknown>, what: string): OpenAPILine[] {
  return list.omitted > 0 ? [{ runs: [{ text: `…and ${list.omitted} more ${what} not shown.`, italic: true }], role: 'note' }] : [];
}
