import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import { ListQuery } from '@folio/platform/http/pagination';
import { IsOptionalNonNull } from '@folio/platform/http/validators';

/** The client spec's ShareLinkName: up to 50 characters (an empty name is allowed). */
export const MAX_SHARE_LINK_NAME = 50;

export class CreateShareLinkBody {
  @IsString()
  @MaxLength(MAX_SHARE_LINK_NAME)
  name!: string;
}

/** At least one of the two (the spec's `minProperties: 1`). */
export class UpdateShareLinkBody {
  @IsOptionalNonNull()
  @IsString()
  @MaxLength(MAX_SHARE_LINK_NAME)
  name?: string;

  @IsOptionalNonNull()
  @IsBoolean()
  active?: boolean;
}

export class ListShareLinksQuery extends ListQuery {
  /** A part of the name (any case), or a whole key. */
  @IsOptional()
  @IsString()
  @MaxLength(256)
  search?: string;
}
