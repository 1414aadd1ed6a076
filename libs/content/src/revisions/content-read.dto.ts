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
 * `metadata` (git metadata: Folio has none to leave out) and `computed` (computed content: Folio computes
 * none), accepted on every content read and checked, changing nothing in the answer.
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
 * A page read. `format` picks the body's form (none: `document`). `evaluated` and `dereferenced` are
 * checked and change nothing yet: Folio's documents hold no expressions and no reusable content to expand.
 * `format.markdown.refs` chooses how page references are written in markdown; Folio's markdown writes a
 * reference as the document holds it, which both values accept.
 */
export class PageQuery extends ContentQuery {
  @IsOptional()
  @IsIn(DOCUMENT_FORMATS, { message: `format must be one of: ${DOCUMENT_FORMATS.join(', ')}` })
  format?: DocumentFormat;

  @IsOptional()
  @IsIn(['relative', 'stable'], { message: 'format.markdown.refs must be one of: relative, stable' })
  'format.markdown.refs'?: 'relative' | 'stable';

  @IsOptional()
  @IsBooleanOr('deterministic-only')
  evaluated?: boolean | 'deterministic-only';

  @IsOptional()
  @IsBooleanOr('reusable-contents')
  dereferenced?: boolean | 'reusable-contents';

  @IsOptional()
  @IsQueryBoolean()
  cachedMetadata?: boolean;
}
