import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsObject, IsOptional, IsString, Length, Matches, MaxLength, ValidateNested } from 'class-validator';
import { ListQuery } from '@folio/platform/http/pagination';
import { IsOptionalNonNull } from '@folio/platform/http/validators';
import { MovePosition } from './site-order';
import { URL_SAFE_PATH } from './site-paths';
import { GroupChanges, SectionChanges } from './site.decider';
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
/** A boolean query parameter: the words `true` and `false` become booleans (anything else is left for IsBoolean to refuse). */
export const asBoolean = Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value));

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

  /** Not live yet: left out of the published site. */
  @IsOptionalNonNull()
  @IsBoolean()
  draft?: boolean;
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

  /** True: not live (left out of the published site); false: live. */
  @IsOptionalNonNull()
  @IsBoolean()
  draft?: boolean;
}

/** The client spec's body of duplicateSiteSpace (the body itself is optional). */
export class DuplicateSiteSpaceBody {
  /** The new site space, and the section made for it if any, as drafts. */
  @IsOptionalNonNull()
  @IsBoolean()
  draft?: boolean;
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

/** The Icon of the client spec: a name. */
const ICON = 50;

export class AddSectionBody {
  @IsString()
  @Length(1, ID)
  spaceId!: string;

  /** Null or absent: the space's title. */
  @IsOptional()
  @IsString()
  @Length(2, 128)
  title?: string | null;

  @IsOptional()
  @IsString()
  @Length(1, ICON)
  icon?: string | null;

  @IsOptionalNonNull()
  @IsString()
  @Length(1, ID)
  siteSectionGroupId?: string;

  /** The section and its first site space not live yet: left out of the published site. */
  @IsOptionalNonNull()
  @IsBoolean()
  draft?: boolean;
}

export class UpdateSectionBody {
  @IsOptionalNonNull()
  @IsString()
  @Length(2, 128)
  title?: string;

  @IsOptionalNonNull()
  @IsString()
  @Matches(URL_SAFE_PATH, { message: 'path must be 1 to 100 URL-safe characters: letters, digits and -._~' })
  path?: string;

  @IsOptionalNonNull()
  @IsString()
  @Length(1, ID)
  defaultSiteSpace?: string;

  /** `null` removes it; absent keeps it. */
  @IsOptional()
  @IsString()
  @Length(1, MAX_CONDITION)
  condition?: string | null;

  @IsOptional()
  @IsString()
  @Length(1, ICON)
  icon?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(256)
  description?: string | null;

  /** True: not live (left out of the published site); false: live. */
  @IsOptionalNonNull()
  @IsBoolean()
  draft?: boolean;

  /** A group to move the section into; `null`: to the root. */
  @IsOptional()
  @IsString()
  @Length(1, ID)
  siteSectionGroupId?: string | null;

  toChanges(): SectionChanges {
    const { siteSectionGroupId, ...rest } = this;
    return { ...rest, ...(siteSectionGroupId !== undefined ? { groupId: siteSectionGroupId } : {}) };
  }
}

export class AddSectionGroupBody {
  @IsString()
  @Length(1, 100)
  title!: string;

  @IsOptional()
  @IsString()
  @Length(1, ICON)
  icon?: string | null;

  @IsOptionalNonNull()
  @IsArray()
  @ArrayMaxSize(MAX_SPACES_AT_CREATION)
  @IsString({ each: true })
  @Length(1, ID, { each: true })
  sections?: string[];

  @IsOptionalNonNull()
  @IsString()
  @Length(1, ID)
  parent?: string;
}

export class UpdateSectionGroupBody {
  @IsOptionalNonNull()
  @IsString()
  @Length(1, 100)
  title?: string;

  @IsOptional()
  @IsString()
  @Length(1, ICON)
  icon?: string | null;

  /** `null`: to the root. */
  @IsOptional()
  @IsString()
  @Length(1, ID)
  parentSectionGroupId?: string | null;

  toChanges(): GroupChanges {
    const { parentSectionGroupId, ...rest } = this;
    return { ...rest, ...(parentSectionGroupId !== undefined ? { parentId: parentSectionGroupId } : {}) };
  }
}

/** The seed's way into a group: a section, moved to its end. */
export class AddSectionToGroupBody {
  @IsString()
  @Length(1, ID)
  sectionId!: string;
}

const ITEM_TYPES = ['site-space', 'site-section', 'site-section-group', 'site-external-link'] as const;

export class ItemPointerBody {
  @IsIn(ITEM_TYPES)
  type!: (typeof ITEM_TYPES)[number];

  @IsString()
  @Length(1, ID)
  id!: string;
}

export class MovePositionBody {
  @IsOptionalNonNull()
  @IsObject()
  @ValidateNested()
  @Type(() => ItemPointerBody)
  before?: ItemPointerBody;

  @IsOptionalNonNull()
  @IsObject()
  @ValidateNested()
  @Type(() => ItemPointerBody)
  after?: ItemPointerBody;
}

export class SortStructureBody {
  @IsObject()
  @ValidateNested()
  @Type(() => ItemPointerBody)
  item!: ItemPointerBody;

  /** Absent or empty: to the end of the item's level. */
  @IsOptionalNonNull()
  @IsObject()
  @ValidateNested()
  @Type(() => MovePositionBody)
  position?: MovePositionBody;
}

/** The deprecated moves' pointers name their item in a field of its own (`siteSpace`, `siteSection`), or `id` for groups. */
class SiteSpacePointerBody {
  @IsIn(['site-space'])
  type!: 'site-space';

  @IsString()
  @Length(1, ID)
  siteSpace!: string;
}

class SiteSectionPointerBody {
  @IsIn(['site-section'])
  type!: 'site-section';

  @IsString()
  @Length(1, ID)
  siteSection!: string;
}

class SiteSpaceMovePosition {
  @IsOptionalNonNull() @IsObject() @ValidateNested() @Type(() => SiteSpacePointerBody) before?: SiteSpacePointerBody;
  @IsOptionalNonNull() @IsObject() @ValidateNested() @Type(() => SiteSpacePointerBody) after?: SiteSpacePointerBody;
}

class SiteSectionMovePosition {
  @IsOptionalNonNull() @IsObject() @ValidateNested() @Type(() => SiteSectionPointerBody) before?: SiteSectionPointerBody;
  @IsOptionalNonNull() @IsObject() @ValidateNested() @Type(() => SiteSectionPointerBody) after?: SiteSectionPointerBody;
}

export class MoveSiteSpaceBody {
  @IsOptionalNonNull() @IsObject() @ValidateNested() @Type(() => SiteSpaceMovePosition) position?: SiteSpaceMovePosition;

  /** In the structure's own pointers. */
  toPosition(): MovePosition | undefined {
    const pointer = (p?: SiteSpacePointerBody) => (p ? { type: p.type, id: p.siteSpace } : undefined);
    return this.position && { before: pointer(this.position.before), after: pointer(this.position.after) };
  }
}

export class MoveSectionBody {
  @IsOptionalNonNull() @IsObject() @ValidateNested() @Type(() => SiteSectionMovePosition) position?: SiteSectionMovePosition;

  /** In the structure's own pointers. */
  toPosition(): MovePosition | undefined {
    const pointer = (p?: SiteSectionPointerBody) => (p ? { type: p.type, id: p.siteSection } : undefined);
    return this.position && { before: pointer(this.position.before), after: pointer(this.position.after) };
  }
}

/** A group moves among sections and groups: its pointers are the structure's own (`type`, `id`). */
export class MoveSectionGroupBody {
  @IsOptionalNonNull() @IsObject() @ValidateNested() @Type(() => MovePositionBody) position?: MovePositionBody;
}

export class PublishedSiteQuery {
  /** A share link's key: a `share-link` site answers only with an active one. */
  @IsOptional()
  @IsString()
  @MaxLength(256)
  shareKey?: string;
}
