/** The organization roles: a shared kernel every context decides with (content grants, for one). */
/** Organization roles, strongest first. `null` is a guest. */
export const ROLES = ['admin', 'create', 'review', 'edit', 'comment', 'read'] as const;
export type Role = (typeof ROLES)[number];

/** Whether `role` grants at least `minimum`. Guests (null) and non-members (undefined) never do. */
export function atLeast(role: Role | null | undefined, minimum: Role): boolean {
  if (!role) return false;
  return ROLES.indexOf(role) <= ROLES.indexOf(minimum);
}
