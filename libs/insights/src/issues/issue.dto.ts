import { IsIn, IsOptional, IsString, Length } from 'class-validator';
import { ListQuery } from '@folio/platform/http/pagination';
import { CLUSTER_SORTS, ClusterSort } from '../clusters/cluster.reads';

/** Ids in filters: an issue's or cluster's (Folio's, 20 characters), a conversation's (the caller's, at most 100 escaped). */
const MAX_FILTER_ID = 256;

export class ListIssuesQuery extends ListQuery {
  @IsOptional()
  @IsString()
  @Length(1, MAX_FILTER_ID)
  cluster?: string;

  @IsOptional()
  @IsString()
  @Length(1, MAX_FILTER_ID)
  conversation?: string;
}

export class ListClustersQuery extends ListQuery {
  @IsOptional()
  @IsIn(['asc', 'desc'], { message: 'order must be one of: asc, desc' })
  order?: 'asc' | 'desc';

  @IsOptional()
  @IsIn(CLUSTER_SORTS, { message: `sort must be one of: ${CLUSTER_SORTS.join(', ')}` })
  sort?: ClusterSort;
}
