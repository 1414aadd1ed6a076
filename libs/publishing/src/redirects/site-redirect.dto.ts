import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsOptional, IsString, isURL, Matches, MaxLength, ValidateBy } from 'class-validator';
import { ListQuery } from '@folio/platform/http/pagination';
import { IsOptionalNonNull } from '@folio/platform/http/validators';
import { asBoolean } from '../sites/site.dto';
import { isSourcePath, MAX_SOURCE_LENGTH, SOURCE_PATTERN } from './site-redirect-source';
import { SiteRedirectDestination } from './site-redirect.events';

/** A page of a site space named by its path in a space (SiteRedirectInputDestinationPath): resolved to a `site-page` when written. */
export type PathDestination = { kind: 'path'; spaceId: string; path: string };
export type DestinationInput = SiteRedirectDestination | PathDestination;

/** At most this many entries in one bulk upsert (the spec's `maxItems`). */
export const MAX_BULK_REDIRECTS = 500;
const MAX_ID = 256;
const MAX_URL = 2048;
const MAX_PAGE_PATH = 1024;

const SOURCE_MESSAGE = `source must be a path (at most ${MAX_SOURCE_LENGTH} characters) of unreserved characters or %-escapes, with at most a trailing *`;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isId = (value: unknown) => typeof value === 'string' && value.length > 0 && value.length <= MAX_ID;
/** Exactly these fields, each valid. */
const shaped = (value: Record<string, unknown>, checks: Record<string, (field: unknown) => boolean>) =>
  Object.keys(value).every((key) => Object.hasOwn(checks, key)) && Object.entries(checks).every(([key, check]) => check(value[key]));
const isHttpUrl = (value: unknown) => typeof value === 'string' && value.length <= MAX_URL && isURL(value, { protocols: ['http', 'https'], require_protocol: true, require_tld: false });

/** One of the spec's SiteRedirectDestination kinds, or (`withPath`) SiteRedirectInputDestination's `path` too. */
export function isDestination(value: unknown, withPath: boolean): value is DestinationInput {
  if (!isRecord(value)) return false;
  switch (value.kind) {
    case 'site-section':
      return shaped(value, { kind: () => true, siteSectionId: isId });
    case 'site-space':
      return shaped(value, { kind: () => true, siteSpaceId: isId });
    case 'site-page':
      return shaped(value, { kind: () => true, siteSpaceId: isId, pageId: isId });
    case 'external':
      return shaped(value, { kind: () => true, url: isHttpUrl });
    case 'path':
      return withPath && shaped(value, { kind: () => true, spaceId: isId, path: (p) => typeof p === 'string' && p.length <= MAX_PAGE_PATH });
    default:
      return false;
  }
}

const DESTINATION_KINDS = 'site-section (siteSectionId), site-space (siteSpaceId), site-page (siteSpaceId, pageId), external (url: http or https)';

function IsDestination(withPath: boolean): PropertyDecorator {
  return ValidateBy({
    name: 'isSiteRedirectDestination',
    validator: {
      validate: (value: unknown) => isDestination(value, withPath),
      defaultMessage: () => `destination must be one of: ${DESTINATION_KINDS}${withPath ? ', path (spaceId, path)' : ''}`,
    },
  });
}

const SourcePath = () => (target: object, property: string | symbol) => {
  IsString({ message: SOURCE_MESSAGE })(target, property);
  MaxLength(MAX_SOURCE_LENGTH, { message: SOURCE_MESSAGE })(target, property);
  Matches(SOURCE_PATTERN, { message: SOURCE_MESSAGE })(target, property);
};

/** The flags a redirect is created and changed with, each optional. */
class SiteRedirectFlags {
  @IsOptionalNonNull()
  @IsBoolean()
  captureWildcard?: boolean;

  @IsOptionalNonNull()
  @IsBoolean()
  draft?: boolean;

  @IsOptionalNonNull()
  @IsBoolean()
  permanent?: boolean;
}

export class CreateSiteRedirectBody extends SiteRedirectFlags {
  @SourcePath()
  source!: string;

  @IsDestination(true)
  destination!: DestinationInput;
}

export class UpdateSiteRedirectBody extends SiteRedirectFlags {
  @IsOptionalNonNull()
  @SourcePath()
  source?: string;

  @IsOptionalNonNull()
  @IsDestination(false)
  destination?: SiteRedirectDestination;
}

/** A bulk entry as sent: `publish`, or an upsert (a null destination deletes). */
export type BulkEntryInput =
  | { source: string; intent: 'publish' }
  | { source: string; intent?: 'live' | 'draft'; captureWildcard?: boolean; permanent?: boolean; destination: DestinationInput | null };

const isBool = (value: unknown) => value === undefined || typeof value === 'boolean';
const isSource = (value: unknown) => typeof value === 'string' && isSourcePath(value);

export function isBulkEntry(value: unknown): value is BulkEntryInput {
  if (!isRecord(value)) return false;
  if (value.intent === 'publish') return shaped(value, { source: isSource, intent: () => true });
  return shaped(value, {
    source: isSource,
    intent: (intent) => intent === undefined || intent === 'live' || intent === 'draft',
    captureWildcard: isBool,
    permanent: isBool,
    destination: (destination) => destination === null || isDestination(destination, true),
  });
}

export class BulkUpsertSiteRedirectsBody {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_BULK_REDIRECTS)
  @ValidateBy({
    name: 'isSiteRedirectEntryList',
    validator: {
      validate: (value: unknown) => Array.isArray(value) && value.every(isBulkEntry),
      defaultMessage: () =>
        `redirects must hold { source, intent: 'publish' } or { source, intent?: 'live' | 'draft', captureWildcard?, permanent?, destination } entries (destination null deletes; ${SOURCE_MESSAGE}; destination one of: ${DESTINATION_KINDS}, path)`,
    },
  })
  redirects!: BulkEntryInput[];
}

export const REDIRECT_ORDERS = ['createdAt', 'updatedAt', 'source'] as const;
export type RedirectOrder = (typeof REDIRECT_ORDERS)[number];

export class ListSiteRedirectsQuery extends ListQuery {
  /** A part of the source path. */
  @IsOptional()
  @IsString()
  @MaxLength(MAX_SOURCE_LENGTH)
  search?: string;

  @IsOptional()
  @asBoolean
  @IsBoolean()
  draft?: boolean;

  @IsOptional()
  @IsIn(REDIRECT_ORDERS, { message: `orderBy must be one of: ${REDIRECT_ORDERS.join(', ')}` })
  orderBy?: RedirectOrder;
}

export class SiteRedirectBySourceQuery {
  @SourcePath()
  source!: string;

  @IsOptional()
  @IsString()
  @MaxLength(MAX_ID)
  shareKey?: string;
}
