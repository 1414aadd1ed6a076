/**
 * What a page's OpenAPI block prints, as plain data (it crosses to the thread that draws the PDF): an
 * operation or a webhook, named schemas, or one line saying why the block has nothing to show.
 */
export type OpenAPIPrintout = PrintedOperation | PrintedSchemas | { kind: 'unavailable'; message: string };

/** The first items of a list, and how many more the document has (not printed). */
export interface Listed<T> {
  items: T[];
  omitted: number;
}

export interface PrintedOperation {
  kind: 'operation';
  /** `GET /pets/{petId}`, or for a webhook `Webhook newPet: POST`. */
  title: string;
  summary?: string;
  description?: string;
  deprecated: boolean;
  parameters: Listed<PrintedParameter>;
  /** The request body (3.x `requestBody`); a webhook's is its payload. 2.0 lists its body among the parameters. */
  body?: PrintedBody;
  responses: Listed<PrintedResponse>;
}

export interface PrintedParameter {
  name: string;
  /** `path`, `query`, `header`, `cookie`; 2.0 also `body` and `formData`. */
  in: string;
  required: boolean;
  type: string;
  description?: string;
}

export interface PrintedBody {
  required: boolean;
  description?: string;
  mediaTypes: string[];
  type?: string;
  properties: Listed<PrintedProperty>;
}

export interface PrintedResponse {
  /** `200`, `4XX`, `default`. */
  status: string;
  description?: string;
  mediaTypes: string[];
  type?: string;
}

export interface PrintedSchemas {
  kind: 'schemas';
  schemas: Listed<PrintedSchema>;
  /** Names the block lists that the spec has no schema for. */
  missing: string[];
}

export interface PrintedSchema {
  name: string;
  type: string;
  description?: string;
  properties: Listed<PrintedProperty>;
}

export interface PrintedProperty {
  name: string;
  type: string;
  required: boolean;
}
