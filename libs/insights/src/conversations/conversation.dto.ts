import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsISO8601,
  IsOptional,
  IsString,
  IsUrl,
  Length,
  MaxLength,
  registerDecorator,
  ValidateNested,
  ValidationArguments,
} from 'class-validator';
import { ListQuery } from '@folio/platform/http/pagination';

/** Conversations in one ingest request (the whole request is at most BODY_LIMIT, 1 MiB). */
export const MAX_CONVERSATIONS_PER_REQUEST = 100;
export const MAX_PARTS = 200;
/** One part's body, in UTF-16 code units as JSON strings count them (64 KiB of ASCII). */
export const MAX_PART_BODY = 64 * 1024;
export const MAX_SUBJECT = 1000;
export const MAX_ROLE = 64;
export const MAX_URL = 2048;
export const MAX_ATTRIBUTES = 50;
export const MAX_ATTRIBUTE_KEY = 100;
export const MAX_ATTRIBUTE_VALUE = 1000;
/**
 * A conversation id is the caller's and names it in paths (read, erase): the router refuses a path
 * parameter over 100 characters as sent (escaped), so an id is at most that once URL-escaped, and every
 * conversation stored can be read and erased by its id.
 */
export const MAX_CONVERSATION_ID = 100;

const URL_OPTIONS = { protocols: ['http', 'https'], require_protocol: true, require_tld: false };

/** `id` escaped as it travels in a path fits the router's path-parameter limit. */
function IsAddressableId(): PropertyDecorator {
  return (object, propertyName) =>
    registerDecorator({
      name: 'isAddressableId',
      target: object.constructor,
      propertyName: propertyName as string,
      validator: {
        validate: (value: unknown) => typeof value === 'string' && value.length > 0 && encodeURIComponent(value).length <= MAX_CONVERSATION_ID,
        defaultMessage: (args?: ValidationArguments) => `${args?.property} must be a non-empty string of at most ${MAX_CONVERSATION_ID} characters once URL-escaped`,
      },
    });
}

/** Whether `value` is a bounded map of names to strings, judged on its own entries. */
export function isAttributes(value: unknown): value is Record<string, string> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const entries = Object.entries(value);
  return entries.length <= MAX_ATTRIBUTES && entries.every(([key, v]) => key.length > 0 && key.length <= MAX_ATTRIBUTE_KEY && typeof v === 'string' && v.length <= MAX_ATTRIBUTE_VALUE);
}

export const ATTRIBUTES_RULE = `attributes must map at most ${MAX_ATTRIBUTES} names (1 to ${MAX_ATTRIBUTE_KEY} characters) to strings of at most ${MAX_ATTRIBUTE_VALUE} characters`;

/**
 * `attributes` maps the caller's names to strings. Its keys are data, not properties, so it is checked as a
 * whole; the body parser already refuses `__proto__`, `constructor` and `prototype`. class-transformer's copy
 * drops names of Object.prototype's methods (`toString`…), so the batch judges and keeps the body's own map.
 */
function IsAttributes(): PropertyDecorator {
  return (object, propertyName) =>
    registerDecorator({
      name: 'isAttributes',
      target: object.constructor,
      propertyName: propertyName as string,
      validator: { validate: isAttributes, defaultMessage: () => ATTRIBUTES_RULE },
    });
}

export class ConversationMetadataInput {
  @IsOptional()
  @IsString()
  @MaxLength(MAX_URL)
  @IsUrl(URL_OPTIONS)
  url?: string;

  @IsAttributes()
  attributes!: Record<string, string>;

  @IsISO8601({ strict: true })
  createdAt!: string;
}

export class ConversationPartInput {
  @IsIn(['message'])
  type!: 'message';

  @IsString()
  @Length(1, MAX_ROLE)
  role!: string;

  @IsString()
  @MaxLength(MAX_PART_BODY)
  body!: string;
}

/** One conversation of the seed's ingest body. */
export class ConversationInput {
  @IsAddressableId()
  id!: string;

  @IsString()
  @MaxLength(MAX_SUBJECT)
  subject!: string;

  @ValidateNested()
  @Type(() => ConversationMetadataInput)
  metadata!: ConversationMetadataInput;

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_PARTS)
  @ValidateNested({ each: true })
  @Type(() => ConversationPartInput)
  parts!: ConversationPartInput[];
}

export class ListConversationsQuery extends ListQuery {
  @IsOptional()
  @IsString()
  @Length(1, 256)
  source?: string;
}
