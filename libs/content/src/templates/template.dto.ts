import { Type } from 'class-transformer';
import { IsObject, IsString, Length, ValidateNested } from 'class-validator';
import { IsOptionalNonNull } from '@folio/platform/http/validators';

const ID = 64;

/** The client spec's SpaceTemplateParams: each content reference is checked against its template's placeholders. */
class SpaceTemplateParamsBody {
  @IsOptionalNonNull()
  @IsObject()
  contentRefs?: Record<string, unknown>;
}

/** The client spec's ApplySpaceTemplate. */
export class ApplySpaceTemplateBody {
  @IsString()
  @Length(1, ID)
  id!: string;

  @IsOptionalNonNull()
  @IsObject()
  @ValidateNested()
  @Type(() => SpaceTemplateParamsBody)
  params?: SpaceTemplateParamsBody;
}

/** The body of POST /spaces/{spaceId}/content/template. */
export class ApplyTemplateToSpaceBody extends ApplySpaceTemplateBody {
  /** Applied into this change request (its id or number); left out, straight onto the space's main content. */
  @IsOptionalNonNull()
  @IsString()
  @Length(1, ID)
  changeRequestId?: string;
}
