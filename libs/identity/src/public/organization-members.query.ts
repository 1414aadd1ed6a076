import { Query } from '@nestjs/cqrs';
import { Role } from '@folio/platform/domain/roles';
import { UserProfile } from './user-profiles.query';

/** The client spec's OrganizationMember resource, as `GET /orgs/{id}/members/{userId}` answers it. */
export interface OrganizationMember {
  object: 'member';
  id: string;
  /** Null for a guest. */
  role: Role | null;
  user: UserProfile;
  disabled: boolean;
  joinedAt: string;
  lastSeenAt?: string;
  sso: boolean;
  spaces: number;
  teams: number;
  sites: number;
}

/**
 * Another context's question to identity: the Member resources of those of these users who are members
 * of the organization (a resource's commenters, say), in the order given, each once; a non-member is
 * absent. Checks no caller: the asking context has checked that its caller may read what names them.
 */
export class GetOrganizationMembers extends Query<OrganizationMember[]> {
  constructor(
    readonly organizationId: string,
    readonly userIds: string[],
  ) {
    super();
  }
}
