import { organizationProjection } from './organizations/organization.projection';
import { userProjection } from './users/user.projection';

export const identityProjections = [userProjection, organizationProjection];
