import { IsIn } from 'class-validator';
import { ROLES } from '@folio/platform/domain/roles';

/**
 * An organization role, or `null` for a guest. With `@IsOptional()` it may also be absent; without it,
 * absent is refused (a PATCH that must say which role).
 */
export function IsRoleOrGuest(): PropertyDecorator {
  return IsIn([...ROLES, null], { message: ({ property }) => `${property} must be one of: ${ROLES.join(', ')}, or null for a guest` });
}
