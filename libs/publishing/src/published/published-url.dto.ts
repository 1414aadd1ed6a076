import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsIn, IsObject, IsOptional, IsString, Length, MaxLength, ValidateNested } from 'class-validator';
import { IsOptionalNonNull } from '@folio/platform/http/validators';

/** GitBook's renderer refuses paths longer than 2,048 characters; host and scheme come on top. */
const MAX_URL = 4096;
/** A visitor token is a JWT of a few claims; far below this. */
const MAX_TOKEN = 8192;

export class VisitorPayloadBody {
  @IsOptionalNonNull()
  @IsIn(['human', 'agent'])
  type?: 'human' | 'agent';

  @IsOptionalNonNull()
  @IsString()
  @MaxLength(MAX_TOKEN)
  jwtToken?: string;

  @IsOptionalNonNull()
  @IsObject()
  unsignedClaims?: Record<string, unknown>;
}

/** The spec's body of `resolvePublishedContentByUrl` (what else the renderer sends, e.g. `cacheBust`, is dropped before). */
export class ResolveUrlBody {
  @IsString()
  @Length(1, MAX_URL)
  url!: string;

  @IsOptionalNonNull()
  @IsBoolean()
  redirectOnError?: boolean;

  @IsOptionalNonNull()
  @IsObject()
  @ValidateNested()
  @Type(() => VisitorPayloadBody)
  visitor?: VisitorPayloadBody;
}

/** The fields of ResolveUrlBody: the only ones read from the body. */
export const RESOLVE_URL_FIELDS = ['url', 'redirectOnError', 'visitor'] as const;

const asBoolean = Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value));

export class ResolveUrlQuery {
  @IsString()
  @Length(1, MAX_URL)
  url!: string;

  @IsOptional()
  @IsString()
  @MaxLength(MAX_TOKEN)
  visitorAuthToken?: string;

  @IsOptional()
  @asBoolean
  @IsBoolean()
  redirectOnError?: boolean;
}
