import { IsIn, IsOptional } from 'class-validator';
import { ListQuery } from '@folio/platform/http/pagination';
import { LINK_STATUSES, LinkStatus } from './link-statuses';

/** The link listings' paging and their `status` filter. */
export class LinksQuery extends ListQuery {
  @IsOptional()
  @IsIn(LINK_STATUSES, { message: `status must be one of: ${LINK_STATUSES.join(', ')}` })
  status?: LinkStatus;
}
