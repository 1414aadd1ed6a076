import { SiteDoc, SiteSpaceDoc } from '../sites/site.projection';

/**
 * Read-model documents for the site specs: site `site1` of organization o1 as created (unpublished, no
 * site space) and a site space of it at the root showing space s1, every field set; each spec overrides
 * what it is about.
 */
export const siteDoc = (fields: Partial<SiteDoc> = {}): SiteDoc => ({
  id: 'site1',
  organizationId: 'o1',
  type: 'basic',
  title: 'Docs',
  titleFolded: 'docs',
  visibility: 'public',
  basename: null,
  adaptiveContent: { enabled: false },
  agentsContext: 'included',
  defaultLevel: 'inherit',
  defaultSiteSpace: null,
  defaultSiteSection: null,
  proxy: null,
  hostname: null,
  published: false,
  siteSpaces: 0,
  spaceIds: [],
  siteSpaceIds: [],
  sectionIds: [],
  groupIds: [],
  createdBy: 'alice',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  streamRevision: '0',
  logPosition: '1',
  ...fields,
});

export const siteSpaceDoc = (fields: Partial<SiteSpaceDoc> = {}): SiteSpaceDoc => ({
  id: 'ss1',
  siteId: 'site1',
  organizationId: 'o1',
  spaceId: 's1',
  sectionId: null,
  path: 'docs',
  position: 'a0',
  condition: null,
  hidden: false,
  draft: false,
  addedAt: '2026-01-02T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
  logPosition: '2',
  ...fields,
});
