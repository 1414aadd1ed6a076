import { Role } from '@folio/platform/domain/roles';

/** A space's or collection's default level: a role, `null` (guests), or `inherit` from its parent. */
export type DefaultLevel = Role | null | 'inherit';
