import { FolioConfig } from '@folio/platform/config/config';
import { UserDoc } from './user.projection';

/** What anyone who may see a user sees: a reader of a published site (a mention) sees only this. */
export interface PublicUserResource {
  object: 'user';
  id: string;
  displayName: string;
  urls: { location: string };
}

export interface UserResource extends PublicUserResource {
  email: string;
}

export function publicUserResource(user: Pick<UserDoc, 'id' | 'displayName'>, config: FolioConfig): PublicUserResource {
  return { object: 'user', id: user.id, displayName: user.displayName, urls: { location: `${config.publicUrl}/v1/users/${user.id}` } };
}

export function userResource(user: Pick<UserDoc, 'id' | 'displayName' | 'email'>, config: FolioConfig): UserResource {
  const { urls, ...rest } = publicUserResource(user, config);
  return { ...rest, email: user.email, urls };
}
