import { FolioConfig } from '@folio/platform/config/config';
import { UserDoc } from './user.projection';

export interface UserResource {
  object: 'user';
  id: string;
  displayName: string;
  email: string;
  urls: { location: string };
}

export function userResource(user: Pick<UserDoc, 'id' | 'displayName' | 'email'>, config: FolioConfig): UserResource {
  return {
    object: 'user',
    id: user.id,
    displayName: user.displayName,
    email: user.email,
    urls: { location: `${config.publicUrl}/v1/users/${user.id}` },
  };
}
