import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsObject, IsOptional, IsString, Length, ValidateBy, ValidateNested } from 'class-validator';
import { BodyInput } from '@folio/content/public/comment-body';
import { ListQuery } from '@folio/platform/http/pagination';
import { IsOptionalNonNull } from '@folio/platform/http/validators';
import { emojiOf } from './comment-emoji';

const ID = 64;
/** Reactions one PUT may add or remove: a person clicks a few emoji, not a thousand. */
export const MAX_REACTIONS_PER_UPDATE = 20;
/** Authors one list may filter on. */
const MAX_AUTHORS = 100;

export const FORMATS = ['document', 'markdown'] as const;
export type BodyFormat = (typeof FORMATS)[number];

export class TableCellBody {
  @IsString()
  @Length(1, ID)
  record!: string;

  @IsString()
  @Length(1, ID)
  definition!: string;
}

export class PostCommentBody {
  @IsObject()
  @ValidateNested()
  @Type(() => BodyInput)
  body!: BodyInput;

  @IsOptionalNonNull()
  @IsString()
  @Length(1, ID)
  page?: string;

  /** A block's key in the page's document. */
  @IsOptionalNonNull()
  @IsString()
  @Length(1, ID)
  node?: string;

  @IsOptionalNonNull()
  @IsObject()
  @ValidateNested()
  @Type(() => TableCellBody)
  tableCell?: TableCellBody;
}

export class PostReplyBody {
  @IsObject()
  @ValidateNested()
  @Type(() => BodyInput)
  body!: BodyInput;
}

/** Emoji as their character, whichever spelling came: `1f44d` and `👍` are one reaction. */
const asEmoji = Transform(({ value }: { value: unknown }) =>
  Array.isArray(value) ? value.map((item) => (typeof item === 'string' ? (emojiOf(item) ?? item) : item)) : value,
);

const IsEmoji = ValidateBy(
  {
    name: 'isEmoji',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && emojiOf(value) === value,
      defaultMessage: (args) => `each value in ${args?.property ?? 'reactions'} must be one emoji`,
    },
  },
  { each: true },
);

/** A reply's PUT: what the space's replies accept. */
export class UpdateReplyBody {
  @IsOptionalNonNull()
  @IsObject()
  @ValidateNested()
  @Type(() => BodyInput)
  body?: BodyInput;

  @IsOptionalNonNull()
  @asEmoji
  @IsArray()
  @ArrayMaxSize(MAX_REACTIONS_PER_UPDATE)
  @IsEmoji
  addedReactions?: string[];

  @IsOptionalNonNull()
  @asEmoji
  @IsArray()
  @ArrayMaxSize(MAX_REACTIONS_PER_UPDATE)
  @IsEmoji
  removedReactions?: string[];
}

/** A comment's PUT (and a change request's reply's, as the client spec lists it): the reply's, and `resolved`. */
export class UpdateCommentBody extends UpdateReplyBody {
  @IsOptionalNonNull()
  @IsBoolean()
  resolved?: boolean;
}

export class FormatQuery {
  @IsOptional()
  @IsIn(FORMATS)
  format?: BodyFormat;
}

export class ListRepliesQuery extends ListQuery {
  @IsOptional()
  @IsIn(FORMATS)
  format?: BodyFormat;
}

const asList = Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? [value] : value));

export class ListCommentsQuery extends ListRepliesQuery {
  @IsOptional()
  @IsIn(['asc', 'desc'])
  order?: 'asc' | 'desc';

  @IsOptional()
  @IsIn(['all', 'open', 'resolved'])
  status?: 'all' | 'open' | 'resolved';

  @IsOptional()
  @IsString()
  @Length(1, ID)
  targetPage?: string;

  /** User ids. */
  @IsOptional()
  @asList
  @IsArray()
  @ArrayMaxSize(MAX_AUTHORS)
  @IsString({ each: true })
  @Length(1, ID, { each: true })
  authors?: string[];
}
