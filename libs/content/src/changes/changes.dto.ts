import { IsOptional } from 'class-validator';
import { IsQueryInteger } from '@folio/platform/http/validators';
import { ContentQuery } from '../revisions/content-read.dto';

/** The spec's default `limit` of the semantic-change reads. */
export const DEFAULT_CHANGES_LIMIT = 10;

/** `GET …/change-requests/{cr}/changes`: how many changes to answer. */
export class ChangeRequestChangesQuery {
  @IsOptional()
  @IsQueryInteger(1, 1000)
  limit?: number;
}

/** `GET …/revisions/{revisionId}/changes`: the same, with the content reads' `metadata` and `computed`. */
export class RevisionChangesQuery extends ContentQuery {
  @IsOptional()
  @IsQueryInteger(1, 1000)
  limit?: number;
}
