import { Caller } from '@folio/platform/auth/caller';
import { FolioConfig } from '@folio/platform/config/config';
import { ChangeRequestReads } from './change-request.reads';
import { ChangeRequestResource, changeRequestResource, changeRequestUsers } from './change-request.resource';

/** The request as the caller sees it now (after a write). */
export async function present(reads: ChangeRequestReads, config: FolioConfig, spaceId: string, id: string, caller: Caller): Promise<ChangeRequestResource> {
  const { changeRequest, space } = await reads.get(spaceId, id, caller);
  return changeRequestResource(changeRequest, space, await reads.profiles(changeRequestUsers(changeRequest)), config);
}
