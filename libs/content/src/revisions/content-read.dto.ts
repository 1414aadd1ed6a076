import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional } from 'class-validator';
import { ListQuery } from '@folio/platform/http/pagination';

const booleanText = ({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value);

/** `true`, `false`, or one named mode: the spec's `evaluated` and `dereferenced`. */
function IsBooleanOr(mode: string): PropertyDecorator {
  const convert = Transform(booleanText);
  const check = IsIn([true, false, mode], { message: ({ property }) => `${property} must be one of: true, false, ${mode}` });
  return (target, property) => {
    convert(target, property);
    check(target, property);
  };
}

/** A boolean query parameter: the words `true` and `false`, nothing else. */
export function IsQueryBoolean(): PropertyDecorator {
  const convert = Transform(booleanText);
  const check = IsBoolean({ message: ({ property }) => `${property} must be true or false` });
  return (target, property) => {
    convert(target, property);
    check(target, property);
  };
}

export const DOCUMENT_FORMATS = ['document', 'markdown'] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];

/**
 * `metadata` (`false` leaves out the Git Sync blobs, `git`, of the pages, files and reusable contents
 * answered) and `computed` (computed content: Folio computes none, so it changes nothing), accepted on every
 * content read and checked.
 */
export class ContentQuery {
  @IsOptional()
  @IsQueryBoolean()
  metadata?: boolean;

  @IsOptional()
  @IsQueryBoolean()
  computed?: boolean;
}

/** The file lists' paging, with the content reads' parameters. */
export class ContentFilesQuery extends ListQuery {
  @IsOptional()
  @IsQueryBoolean()
  metadata?: boolean;

  @IsOptional()
  @IsQueryBoolean()
  computed?: boolean;
}

/**
 * A document read (a page's, a reusable content's). `evaluated` and `dereferenced` are checked and change
 * nothing yet: Folio evaluates no expressions and expands no reusable content into the documents it answers.
 */
export class DocumentQuery extends ContentQuery {
  @IsOptional()
  @IsBooleanOr('deterministic-only')
  evaluated?: boolean | 'deterministic-only';

  @IsOptional()
  @IsBooleanOr('reusable-contents')
  dereferenced?: boolean | 'reusable-contents';
}

/**
 * A page read. `format` picks the body's form (none: `document`). `format.markdown.refs` chooses how page
 * references are written in markdown; Folio's markdown writes a reference as the document holds it, which
 * both values accept.
 */
export class PageQuery extends DocumentQuery {
  @IsOptional()
  @IsIn(DOCUMENT_FORMATS, { message: `format must be one of: ${DOCUMENT_FORMATS.join(', ')}` })
  format?: DocumentFormat;

  @IsOptional()
  @IsIn(['relative', 'stable'], { message: 'format.markdown.refs must be one of: relative, stable' })
  'format.markdown.refs'?: 'relative' | 'stable';

  @IsOptional()
  @IsQueryBoolean()
  cachedMetadata?: boolean;
}

/** What a content read asks of the resources it answers (`metadata` defaults to true, as in the spec). */
export const readOptions = (query: { metadata?: boolean }) => ({ metadata: query.metadata !== false });
