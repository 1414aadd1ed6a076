import { atLeast, Role } from '@folio/platform/domain/roles';
import { withETag } from '@folio/platform/http/etag';
import { SiteType } from './site.events';
import { SiteDoc, SiteSectionDoc, SiteSectionGroupDoc, SiteSpaceDoc } from './site.projection';

/** What the Site resource needs besides the document: the caller's organization role, and where Folio is served. */
export interface SiteContext {
  /** The caller's role in the site's organization; null for a guest. */
  role: Role | null;
  publicUrl: string;
  appUrl: string;
  /** Where the site is served (`SiteAddresses.of`), answered while it is published. */
  address: string;
}

/** What the SiteSpace resource needs besides the document and its space. */
export interface SiteSpaceContext {
  /** Whether it is the site's default site space (`SiteReads.defaultSiteSpaceId`). */
  isDefault: boolean;
  /** Its published URL (`SiteViews` makes it), only while the site is published. */
  published?: string;
}

/** The spec's SiteFeature: what premium features a site has. A self-hosted site has none to list. */
export interface SiteFeature {
  id: string;
  plan: SiteType;
  frozen: boolean;
}

/**
 * The site's row of the permission table: every member views it, and members with a role access it
 * and its adaptive schema; managing it (settings, structure, publication, integrations) is the admin's.
 */
export function sitePermissions(role: Role | null) {
  const member = role !== null;
  const admin = atLeast(role, 'admin');
  return {
    view: true,
    access: member,
    edit: admin,
    create: admin,
    admin,
    installIntegration: admin,
    viewAdaptiveSchema: member,
    editAdaptiveSchema: admin,
  };
}

export type SitePermissions = ReturnType<typeof sitePermissions>;

/** The spec's Site for one caller, with the seed's `agentsContext`; its ETag is the site stream's revision. */
export function siteResource(doc: SiteDoc, ctx: SiteContext) {
  const location = `${ctx.publicUrl}/v1/orgs/${doc.organizationId}/sites/${doc.id}`;
  const app = `${ctx.appUrl}/o/${doc.organizationId}/sites/${doc.id}`;
  const published = ctx.address;
  return withETag(
    {
      object: 'site' as const,
      id: doc.id,
      type: doc.type,
      // Nothing is frozen on a self-hosted site: the type applied is the type chosen.
      appliedType: doc.type,
      title: doc.title,
      ...(doc.hostname ? { hostname: doc.hostname } : {}),
      ...(doc.basename !== null ? { basename: doc.basename } : {}),
      ...(doc.proxy !== null ? { proxy: { origin: doc.proxy, target: published } } : {}),
      visibility: doc.visibility,
      defaultLevel: doc.defaultLevel,
      permissions: sitePermissions(ctx.role),
      published: doc.published,
      siteSpaces: doc.siteSpaces,
      createdAt: doc.createdAt,
      adaptiveContent: { enabled: doc.adaptiveContent.enabled },
      // Self-hosted: no ad network, so a site's ads stay pending and cannot be submitted.
      ads: { status: 'pending' as const, submittable: false },
      agentsContext: doc.agentsContext,
      features: [] as SiteFeature[],
      urls: {
        location,
        app,
        preview: `${app}/preview`,
        ...(doc.published ? { published } : {}),
      },
    },
    doc.streamRevision,
  );
}

export type SiteResource = ReturnType<typeof siteResource>;

/**
 * The spec's SiteSpace: `space` is the Space resource of the space it shows (content's, for the caller),
 * whose title it takes. A draft is not live: the published site leaves it out (documents projected before
 * drafts were modelled have no `draft`: live).
 */
export function siteSpaceResource<S extends { title: string }>(doc: SiteSpaceDoc, space: S, ctx: SiteSpaceContext) {
  return {
    object: 'site-space' as const,
    id: doc.id,
    path: doc.path,
    ...(doc.sectionId !== null ? { section: doc.sectionId } : {}),
    space,
    title: space.title,
    default: ctx.isDefault,
    ...(doc.condition !== null ? { condition: doc.condition } : {}),
    draft: doc.draft === true,
    hidden: doc.hidden,
    urls: { ...(ctx.published !== undefined ? { published: ctx.published } : {}) },
  };
}

export type SiteSpaceResource<S extends { title: string } = { title: string }> = ReturnType<typeof siteSpaceResource<S>>;

/** What the SiteSection resource needs besides its document: its site spaces (as resources), whether it is the default, where it is served. */
export interface SiteSectionContext {
  isDefault: boolean;
  /** The section's published URL while the site is published. */
  published?: string;
}

/** The spec's SiteSection: its site spaces inside it. A draft section is left out of the published site. */
export function siteSectionResource<P>(doc: SiteSectionDoc, siteSpaces: P[], ctx: SiteSectionContext) {
  return {
    object: 'site-section' as const,
    id: doc.id,
    title: doc.title,
    ...(doc.description !== null ? { description: doc.description } : {}),
    default: ctx.isDefault,
    draft: doc.draft === true,
    path: doc.path,
    ...(doc.condition !== null ? { condition: doc.condition } : {}),
    ...(doc.groupId !== null ? { sectionGroup: doc.groupId } : {}),
    siteSpaces,
    urls: { ...(ctx.published !== undefined ? { published: ctx.published } : {}) },
    ...(doc.icon !== null ? { icon: doc.icon } : {}),
  };
}

export type SiteSectionResource<P = unknown> = ReturnType<typeof siteSectionResource<P>>;

/** The spec's SiteSectionGroup: `children` in order, and `sections` (deprecated there) the sections among them. */
export function siteSectionGroupResource<C extends { object: string }>(doc: SiteSectionGroupDoc, children: C[]) {
  return {
    object: 'site-section-group' as const,
    id: doc.id,
    title: doc.title,
    sections: children.filter((c) => c.object === 'site-section'),
    ...(doc.parentId !== null ? { sectionGroup: doc.parentId } : {}),
    draft: false,
    children,
    ...(doc.icon !== null ? { icon: doc.icon } : {}),
  };
}
