import { auditProjection } from './audit/audit.projection';
import { inviteProjection } from './invites/invite.projection';
import { memberProjection } from './members/member.projection';
import { organizationProjection } from './organizations/organization.projection';
import { samlProviderProjection } from './saml/saml-provider.projection';
import { teamProjection } from './teams/team.projection';
import { userProjection } from './users/user.projection';

export const identityProjections = [
  userProjection,
  organizationProjection,
  memberProjection,
  inviteProjection,
  teamProjection,
  samlProviderProjection,
  auditProjection,
];
