/** A reference to content (ContentRef of the client's spec): every kind the spec has, with its fields. */
export type ContentRef =
  | { kind: 'url'; url: string }
  | { kind: 'file'; file: string; space?: string }
  | { kind: 'page'; page: string; space?: string }
  | { kind: 'anchor'; anchor: string; space?: string; page?: string }
  | { kind: 'user'; user: string }
  | { kind: 'collection'; collection: string }
  | { kind: 'space'; space: string }
  | { kind: 'reusable-content'; reusableContent: string; space?: string }
  | { kind: 'tag'; tag: string; space?: string }
  | { kind: 'openapi'; spec: string };

export type ImageRef = Extract<ContentRef, { kind: 'url' | 'file' }>;

/** The kinds a link's status is computed for (a page, an anchor, a file, a space, a user, a URL, an organization's OpenAPI spec). */
export type LinkableRef = Extract<ContentRef, { kind: 'url' | 'file' | 'page' | 'anchor' | 'user' | 'space' | 'openapi' }>;
