import { QueryBus } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { GetChangeRequest } from '../change-requests/change-request.queries';
import { ChangeRequestResource } from '../change-requests/change-request.resource';
import { RevisionDoc } from './revision.projection';

/** The request a merge revision merged, as that request's own route answers it (the spec's `mergedFrom`); none for other revisions. */
export async function mergedFrom(queries: QueryBus, caller: Caller, revision: RevisionDoc): Promise<ChangeRequestResource | undefined> {
  // A reader (a site token) learns nothing of change requests: the spec's field is optional.
  if (revision.type !== 'merge' || !revision.changeRequest || caller.reader) return undefined;
  return queries.execute(new GetChangeRequest(caller, revision.spaceId, revision.changeRequest.id));
}
