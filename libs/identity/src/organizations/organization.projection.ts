import { defineProjection } from '@folio/platform/projections/projection';
import { OrganizationEvent } from './organization.events';
import { defaultSettings, OrganizationSettings } from './organization.settings';

export const ORGANIZATIONS = 'organizations';

export type OrganizationDoc = OrganizationSettings & {
  id: string;
  createdAt: string;
  createdBy: string;
  [key: string]: unknown;
};

export const organizationProjection = defineProjection<OrganizationEvent>(
  'identity-organizations',
  [
    { name: ORGANIZATIONS, indexes: [] },
  ],
  {
    OrganizationCreated: async ({ data }, tx) => {
      const doc: OrganizationDoc = {
        id: data.organizationId,
        ...defaultSettings(data.title, data.emailDomains),
        createdAt: data.createdAt,
        createdBy: data.createdBy,
      };
      await tx.upsert(ORGANIZATIONS, doc);
    },
    OrganizationSettingsChanged: async ({ data }, tx) => tx.patch(ORGANIZATIONS, data.organizationId, data.changes),
  },
);
