import { applyDecorators } from '@nestjs/common';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsObject, IsString, Length, MaxLength, ValidateNested } from 'class-validator';
import { IsOptionalNonNull } from '@folio/platform/http/validators';

const ID = 64;
/** Site spaces one `specific` search names: more than a site shows a visitor is no honest request. */
export const MAX_NAMED_SITE_SPACES = 1000;

export const SCOPE_MODES = ['default', 'all', 'specific'] as const;
/** The deprecated top-level `mode`: `current` is `default` around a current site space. */
export const DEPRECATED_MODES = ['current', 'all', 'specific'] as const;
export const RESTRICTIONS = ['currentSiteSpace', 'otherSiteSpaces'] as const;

/** A non-empty list of site space ids (the spec's `minLength: 1` means items). */
const SiteSpaceIds = () =>
  applyDecorators(IsOptionalNonNull(), IsArray(), ArrayMinSize(1), ArrayMaxSize(MAX_NAMED_SITE_SPACES), IsString({ each: true }), Length(1, ID, { each: true }));

/** The spec's SiteSearchScope; which fields go with which mode is checked by `siteSearchScope`. */
export class SiteSearchScopeBody {
  @IsIn(SCOPE_MODES)
  mode!: (typeof SCOPE_MODES)[number];

  @IsOptionalNonNull()
  @IsString()
  @Length(1, ID)
  currentSiteSpace?: string;

  @IsOptionalNonNull()
  @IsIn(RESTRICTIONS)
  restrictTo?: (typeof RESTRICTIONS)[number];

  @SiteSpaceIds()
  siteSpaceIds?: string[];
}

/**
 * `POST …/sites/{siteId}/search`: the words (≤ 512 characters, the spec's limit; anything typed is words,
 * never syntax) and either `scope` or the deprecated `mode` forms GitBook's renderer still sends
 * (`{mode: 'current', siteSpaceId}`, `{mode: 'all'}`, `{mode: 'specific', siteSpaceIds}`).
 */
export class SearchSiteBody {
  @IsString()
  @MaxLength(512)
  query!: string;

  @IsOptionalNonNull()
  @IsObject()
  @ValidateNested()
  @Type(() => SiteSearchScopeBody)
  scope?: SiteSearchScopeBody;

  @IsOptionalNonNull()
  @IsIn(DEPRECATED_MODES)
  mode?: (typeof DEPRECATED_MODES)[number];

  @IsOptionalNonNull()
  @IsString()
  @Length(1, ID)
  siteSpaceId?: string;

  @SiteSpaceIds()
  siteSpaceIds?: string[];
}
