import { IsIn } from 'class-validator';
import { ROLES } from '@folio/platform/domain/roles';

/** A role, `null` (guests) or `inherit` (from the parent collection, or the organization at the root). */
export function IsDefaultLevel(): PropertyDecorator {
  return IsIn([...ROLES, null, 'inherit'], {
    message: ({ property }) => `${property} must be one of: ${ROLES.join(', ')}, inherit, or null for guests`,
  });
}
