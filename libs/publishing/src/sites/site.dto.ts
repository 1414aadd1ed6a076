import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsObject, IsOptional, IsString, Length, Matches, MaxLength, ValidateNested } from 'class-validator';
import { ListQuery } from '@folio/platform/http/pagination';
import { IsOptionalNonNull } from '@folio/platform/http/validators';
import { URL_SAFE_PATH } from './site-paths';
import { AGENTS_CONTEXTS, AgentsContext, SITE_TYPES, SITE_VISIBILITIES, SiteDefaultLevel, SiteType, SiteVisibility } from './site.events';

const ID = 64;
/** Spaces one creation may add: a site is assembled over time, not in one request of thousands. */
const MAX_SPACES_AT_CREATION = 100;
/** The client spec's SiteProxyOrigin: a host and at least one path segment, e.g. `company.com/docs`. */
const PROXY_ORIGIN = /^([\w-]+\.)*[\w-]+\.[a-zA-Z]{2,}(\/[\w-]+)+$/;
const DEFAULT_LEVELS = ['admin', 'create', 'review', 'edit', 'comment', 'read', 'inherit'];
/** Expressions are parsed and checked against the site's adaptive schema once sites have one; bounded here. */
const MAX_CONDITION = 1024;

const asList = Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? [value] : value));
const asBoolean = Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value));

export class CreateSiteBody {
  @IsOptionalNonNull()
  @IsIn(SITE_TYPES)
  type?: SiteType;

  @IsOptionalNonNull()
  @IsString()
  @Length(2, 128)
  title?: string;

  @IsOptionalNonNull()
  @IsIn(SITE_VISIBILITIES)
  visibility?: SiteVisibility;

  @IsOptionalNonNull()
  @IsArray()
  @ArrayMaxSize(MAX_SPACES_AT_CREATION)
  @IsString({ each: true })
  @Length(1, ID, { each: true })
  spaces?: string[];
}

export class AdaptiveContentBody {
  @IsBoolean()
  enabled!: boolean;
}

export class UpdateSiteBody {
  @IsOptionalNonNull()
  @IsString()
  @Length(2, 128)
  title?: string;

  @IsOptionalNonNull()
  @IsIn(SITE_VISIBILITIES)
  visibility?: SiteVisibility;

  /** `null` removes it. */
  @IsOptional()
  @IsString()
  @Length(1, 100)
  @Matches(URL_SAFE_PATH, { message: 'basename must be URL-safe: letters, digits and -._~' })
  basename?: string | null;

  @IsOptionalNonNull()
  @IsObject()
  @ValidateNested()
  @Type(() => AdaptiveContentBody)
  adaptiveContent?: AdaptiveContentBody;

  @IsOptionalNonNull()
  @IsIn(AGENTS_CONTEXTS)
  agentsContext?: AgentsContext;

  /** A role, `inherit`, or `null` (guests). */
  @IsOptional()
  @IsIn(DEFAULT_LEVELS)
  defaultLevel?: SiteDefaultLevel;

  @IsOptional()
  @IsString()
  @Length(1, ID)
  defaultSiteSpace?: string | null;

  @IsOptional()
  @IsString()
  @Length(1, ID)
  defaultSiteSection?: string | null;

  /** `company.com/docs`; `null` removes it. */
  @IsOptional()
  @IsString()
  @MaxLength(512)
  @Matches(PROXY_ORIGIN, { message: 'proxy must be a host and a path, like company.com/docs' })
  proxy?: string | null;
}

export class ListSitesQuery extends ListQuery {
  @IsOptional()
  @IsString()
  @Length(1, ID)
  space?: string;

  @IsOptional()
  @IsString()
  @MaxLength(128)
  title?: string;

  @IsOptional()
  @asBoolean
  @IsBoolean()
  published?: boolean;

  @IsOptional()
  @asList
  @IsArray()
  @ArrayMaxSize(SITE_TYPES.length)
  @IsIn(SITE_TYPES, { each: true })
  type?: SiteType[];
}

export class AddSiteSpaceBody {
  @IsString()
  @Length(1, ID)
  spaceId!: string;

  @IsOptionalNonNull()
  @IsString()
  @Length(1, ID)
  sectionId?: string;
}

export class UpdateSiteSpaceBody {
  @IsOptionalNonNull()
  @IsString()
  @Matches(URL_SAFE_PATH, { message: 'path must be 1 to 100 URL-safe characters: letters, digits and -._~' })
  path?: string;

  /** `null` removes it; absent keeps it. */
  @IsOptional()
  @IsString()
  @Length(1, MAX_CONDITION)
  condition?: string | null;

  @IsOptionalNonNull()
  @IsString()
  @Length(1, ID)
  spaceId?: string;

  @IsOptionalNonNull()
  @IsBoolean()
  hidden?: boolean;
}

export class ListSiteSpacesQuery extends ListQuery {
  /** `true`: only the default site space; `false`: all but it; absent: all. */
  @IsOptional()
  @asBoolean
  @IsBoolean()
  default?: boolean;

  /** Accepted as the spec lists it; share links come with their own slice. */
  @IsOptional()
  @IsString()
  @MaxLength(256)
  shareKey?: string;
}
