import { defineProjection } from '@folio/platform/projections/projection';
import { ReadTransaction } from '@folio/platform/read-store/read-store.port';
import { OrganizationEvent } from './organization.events';
import { defaultSettings, OrganizationSettings } from './organization.settings';

export const ORGANIZATIONS = 'organizations';

export type OrganizationDoc = OrganizationSettings & {
  id: string;
  createdAt: string;
  createdBy: string;
  /** Revision of the organization's stream (members included): its ETag. */
  streamRevision: string;
  [key: string]: unknown;
};

async function bumpRevision({ data, revision }: { data: { organizationId: string }; revision: bigint }, tx: ReadTransaction) {
  await tx.patch(ORGANIZATIONS, data.organizationId, { streamRevision: String(revision) });
}

export const organizationProjection = defineProjection<OrganizationEvent>(
  'identity-organizations',
  // By hostname: GET /subdomains/{subdomain} resolves one.
  [{ name: ORGANIZATIONS, indexes: [['hostname']] }],
  {
    OrganizationCreated: async ({ data, revision }, tx) => {
      const doc: OrganizationDoc = {
        id: data.organizationId,
        ...defaultSettings(data.title, data.emailDomains),
        createdAt: data.createdAt,
        createdBy: data.createdBy,
        streamRevision: String(revision),
      };
      await tx.upsert(ORGANIZATIONS, doc);
    },
    OrganizationSettingsChanged: async ({ data, revision }, tx) =>
      tx.patch(ORGANIZATIONS, data.organizationId, { ...data.changes, streamRevision: String(revision) }),
    // Membership changes are the organization's stream too: they move its ETag.
    MemberJoined: bumpRevision,
    MemberRoleChanged: bumpRevision,
    MemberRemoved: bumpRevision,
    MemberSSOChanged: bumpRevision,
  },
);
