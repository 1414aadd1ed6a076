import { MemberRole } from '@gitbook/api';
import { TestServer } from './server';

export type User = { id: string; token: string };

/** An organization (Acme, email domain acme.io) with one user per kind of caller the tests need. */
export interface RoleCast {
  orgId: string;
  /** The organization's admin (its creator). */
  ann: User;
  /** A member with the edit role. */
  ed: User;
  /** A member with the default read role. */
  rita: User;
  /** Not a member. */
  cat: User;
}

export async function organizationWithRoles(server: TestServer): Promise<RoleCast> {
  const ann = await server.createUser('ann@acme.io', 'Ann Admin');
  const ed = await server.createUser('ed@acme.io', 'Ed Editor');
  const rita = await server.createUser('rita@acme.io', 'Rita Reader');
  const cat = await server.createUser('cat@elsewhere.io', 'Cat Stranger');
  const orgId = (await server.as(ann.token).orgs.createOrganization({ title: 'Acme', emailDomains: ['acme.io'] })).data.id;
  for (const user of [ed, rita]) await server.as(user.token).orgs.joinOrganization(orgId);
  await server.as(ann.token).orgs.updateMemberInOrganizationById(orgId, ed.id, { role: MemberRole.Edit });
  return { orgId, ann, ed, rita, cat };
}
