import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  Length,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { ListQuery } from '@folio/platform/http/pagination';
import { IsOptionalNonNull } from '@folio/platform/http/validators';
import { BodyInput } from '../public/comment-body';
import { PageDocument } from '@folio/kernel/document/document.model';
import { ApplySpaceTemplateBody } from '../templates/template.dto';
import { CHANGE_REQUEST_STATUSES, ChangeRequestStatus, REVIEW_STATUSES, ReviewStatus, SettableStatus } from './change-request.events';

const SETTABLE: SettableStatus[] = ['draft', 'open', 'archived'];
const ORDER_BY = ['updatedAt', 'createdAt'] as const;
const ID = 64;
/** Reviewers one request may name: far more than a team asks, few enough to check one by one. */
const MAX_REVIEWERS = 100;

export class CreateChangeRequestBody {
  @IsOptionalNonNull()
  @IsString()
  subject?: string;

  @IsOptionalNonNull()
  @IsObject()
  @ValidateNested()
  @Type(() => ApplySpaceTemplateBody)
  template?: ApplySpaceTemplateBody;

  /** The id of an issues cluster of the space's organization (the seed's ChangeRequest field). */
  @IsOptionalNonNull()
  @IsString()
  @Length(1, ID)
  conversationsIssuesCluster?: string;
}

export class UpdateChangeRequestBody {
  @IsOptionalNonNull()
  @IsString()
  subject?: string;

  /** A JSONDocument; null removes it. Its shape is the decider's to judge. */
  @IsOptional()
  @IsObject()
  description?: PageDocument | null;

  @IsOptionalNonNull()
  @IsIn(SETTABLE)
  status?: SettableStatus;
}

export class SubmitReviewBody {
  @IsIn(REVIEW_STATUSES)
  status!: ReviewStatus;

  @IsOptionalNonNull()
  @IsObject()
  @ValidateNested()
  @Type(() => BodyInput)
  comment?: BodyInput;
}

export class RequestReviewersBody {
  /** User ids, or ids of the organization's teams. */
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_REVIEWERS)
  @IsString({ each: true })
  @Length(1, ID, { each: true })
  users!: string[];

  @IsOptionalNonNull()
  @IsString()
  subject?: string;

  @IsOptionalNonNull()
  @IsObject()
  description?: PageDocument;
}

/** A query value given once is a string, given several times an array: the filters take both. */
const asList = Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? [value] : value));

class ChangeRequestFilterQuery extends ListQuery {
  @IsOptional()
  @IsString()
  @MaxLength(ID)
  creator?: string;

  @IsOptional()
  @IsString()
  @MaxLength(ID)
  contributor?: string;

  @IsOptional()
  @IsString()
  @MaxLength(ID)
  requestedReviewer?: string;

  /** The seed's filter: only the requests made for this issues cluster. */
  @IsOptional()
  @IsString()
  @Length(1, ID)
  conversationsIssuesCluster?: string;

  @IsOptional()
  @IsIn(ORDER_BY)
  orderBy?: (typeof ORDER_BY)[number];
}

export class ListSpaceChangeRequestsQuery extends ChangeRequestFilterQuery {
  @IsOptional()
  @IsIn(CHANGE_REQUEST_STATUSES)
  status?: ChangeRequestStatus;
}

export class ListOrganizationChangeRequestsQuery extends ChangeRequestFilterQuery {
  @IsOptional()
  @asList
  @IsArray()
  @ArrayMaxSize(CHANGE_REQUEST_STATUSES.length)
  @IsIn(CHANGE_REQUEST_STATUSES, { each: true })
  status?: ChangeRequestStatus[];

  @IsOptional()
  @IsString()
  @MaxLength(ID)
  space?: string;
}

export class ListReviewsQuery extends ListQuery {
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean()
  outdated?: boolean;

  /** Accepted as the spec lists it; comments answer as JSON documents. */
  @IsOptional()
  @IsIn(['document', 'markdown'])
  format?: 'document' | 'markdown';
}

export class GetReviewQuery {
  @IsOptional()
  @IsIn(['document', 'markdown'])
  format?: 'document' | 'markdown';
}
