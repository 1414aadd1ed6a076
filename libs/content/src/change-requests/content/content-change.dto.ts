import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateNested,
  ValidationArguments,
} from 'class-validator';
import { IsOptionalNonNull } from '@folio/platform/http/validators';
import { PageDocument } from '@folio/kernel/document/document.model';
import { FileInput } from '@folio/content/files/file-input';

/**
 * The request body of `POST …/change-requests/{cr}/content` as the client's spec shapes it
 * (ChangeRequestContentChange*): one class per `operation`, chosen by `content-changes.ts`.
 */

export const OPERATIONS = ['insert_page', 'update_page', 'delete_page', 'revert_page', 'insert_files'] as const;
export type Operation = (typeof OPERATIONS)[number];

export const MAX_CHANGES = 50;
export const MAX_FILES_PER_CHANGE = 20;
const ID = 64;
/** A batch-local name: the spec bounds none, a file name (256) is the longest a caller means. */
const REF = 256;
/** Far more siblings than a page tree holds; an index past the end appends. */
const MAX_INDEX = 1_000_000;

export class UpdateChangeRequestContentBody {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_CHANGES)
  changes!: unknown[];
}

export class UpdateChangeRequestContentQuery {
  /** `true` (the default) answers the ChangeRequest, `false` the ChangeRequestContentUpdate. */
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean()
  compat?: boolean;
}

/** The client spec's JSONDocument, its root only: `json-document.ts` checks the nodes. */
class JsonDocumentBody {
  @IsIn(['document'])
  object!: 'document';

  @IsObject()
  data!: Record<string, unknown>;

  @IsArray()
  nodes!: unknown[];

  @IsOptionalNonNull()
  @IsObject()
  meta?: { token?: string };
}

/** A document refused when it names both sources: the spec's Document is one of {markdown}, {document}, {}. */
function NotWith(other: string): PropertyDecorator {
  return ValidateBy({
    name: 'notWith',
    validator: {
      validate: (_value: unknown, args?: ValidationArguments) => (args?.object as Record<string, unknown>)[other] === undefined,
      defaultMessage: (args) => `${args?.property ?? 'value'} cannot be given with ${other}`,
    },
  });
}

export class DocumentBody {
  @IsOptionalNonNull()
  @IsString()
  markdown?: string;

  @IsOptionalNonNull()
  @NotWith('markdown')
  @ValidateNested()
  @Type(() => JsonDocumentBody)
  document?: PageDocument;
}

/** RevisionPageUpdate: the page metadata insert_page and update_page may set. */
abstract class PageMetaBody {
  @IsOptionalNonNull()
  @IsString()
  @Length(1, 256)
  title?: string;

  @IsOptionalNonNull()
  @IsString()
  @MaxLength(100)
  slug?: string;

  /** An empty string removes it. */
  @IsOptionalNonNull()
  @IsString()
  @MaxLength(50)
  emoji?: string;

  /** An empty string removes it. */
  @IsOptionalNonNull()
  @IsString()
  @MaxLength(50)
  icon?: string;

  @IsOptionalNonNull()
  @IsString()
  @MaxLength(1000)
  description?: string;

  @IsOptionalNonNull()
  @IsBoolean()
  hidden?: boolean;

  @IsOptionalNonNull()
  @IsBoolean()
  noIndex?: boolean;

  @IsOptionalNonNull()
  @IsBoolean()
  noRobotsIndex?: boolean;

  /** An empty string removes it. */
  @IsOptionalNonNull()
  @IsString()
  @MaxLength(1000)
  condition?: string;
}

export class InsertPageChange extends PageMetaBody {
  @IsIn(['insert_page'])
  operation!: 'insert_page';

  @IsObject()
  @ValidateNested()
  @Type(() => DocumentBody)
  document!: DocumentBody;

  /** A page id, or the `ref` of a page inserted earlier in the batch. */
  @IsOptionalNonNull()
  @IsString()
  @Length(1, REF)
  into?: string;

  @IsOptionalNonNull()
  @IsInt()
  @Min(0)
  @Max(MAX_INDEX)
  at?: number;

  @IsOptionalNonNull()
  @IsString()
  @Length(1, REF)
  ref?: string;
}

export class UpdatePageChange extends PageMetaBody {
  @IsIn(['update_page'])
  operation!: 'update_page';

  @IsString()
  @Length(1, REF)
  page!: string;

  @IsOptionalNonNull()
  @ValidateNested()
  @Type(() => DocumentBody)
  document?: DocumentBody;

  /** `null` moves the page to the root; absent leaves its parent alone. */
  @IsOptional()
  @IsString()
  @Length(1, REF)
  into?: string | null;

  @IsOptionalNonNull()
  @IsInt()
  @Min(0)
  @Max(MAX_INDEX)
  at?: number;
}

export class DeletePageChange {
  @IsIn(['delete_page'])
  operation!: 'delete_page';

  @IsString()
  @Length(1, REF)
  page!: string;
}

export class RevertPageChange {
  @IsIn(['revert_page'])
  operation!: 'revert_page';

  @IsString()
  @Length(1, REF)
  page!: string;

  @IsOptionalNonNull()
  @IsString()
  @Length(1, ID)
  revision?: string;

  @IsOptionalNonNull()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  @Length(1, ID, { each: true })
  block?: string[];
}

/** One file's fields; `checkFileInput` (files/) judges them together (one source, a media type, an http(s) URL). */
export class FileInputBody implements FileInput {
  @IsString()
  name!: string;

  @IsOptionalNonNull()
  @IsString()
  @Length(1, REF)
  ref?: string;

  @IsOptionalNonNull()
  @IsString()
  contentType?: string;

  @IsOptionalNonNull()
  @IsString()
  url?: string;

  @IsOptionalNonNull()
  @IsString()
  base64?: string;
}

export class InsertFilesChange {
  @IsIn(['insert_files'])
  operation!: 'insert_files';

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_FILES_PER_CHANGE)
  @ValidateNested({ each: true })
  @Type(() => FileInputBody)
  files!: FileInputBody[];
}

export type ContentChange = InsertPageChange | UpdatePageChange | DeletePageChange | RevertPageChange | InsertFilesChange;

export const CHANGE_CLASSES: Record<Operation, new () => ContentChange> = {
  insert_page: InsertPageChange,
  update_page: UpdatePageChange,
  delete_page: DeletePageChange,
  revert_page: RevertPageChange,
  insert_files: InsertFilesChange,
};
