import { CatalogueEntry, pick } from './catalogue-entry';

/**
 * The identity context's membership events (of OrganizationEvent), by the fields they carry: who, with
 * which role (null: a guest) and how they joined. No email or name: the subscriber looks the user up.
 */
export const MEMBER_EVENTS: ReadonlyMap<string, CatalogueEntry> = new Map([
  ['MemberJoined', { name: 'member.joined', view: (d) => pick(d, 'userId', 'role', 'via') }],
  ['MemberRoleChanged', { name: 'member.role_changed', view: (d) => pick(d, 'userId', 'role', 'previousRole') }],
  ['MemberRemoved', { name: 'member.removed', view: (d) => pick(d, 'userId', 'previousRole') }],
] satisfies [string, CatalogueEntry][]);
