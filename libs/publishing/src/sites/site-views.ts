import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Caller } from '@folio/platform/auth/caller';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { NotFound } from '@folio/platform/domain/errors';
import { Role } from '@folio/platform/domain/roles';
import { GetSpacesForSite, SpaceForSite } from '@folio/content/public/site-spaces.query';
import { TreeNode } from './site-tree';
import { SiteDoc, SiteSectionDoc, SiteSectionGroupDoc, SiteSpaceDoc } from './site.projection';
import { SiteReads } from './site.reads';
import { SiteAddresses } from '../addresses/site-addresses';
import { siteResource, siteSectionGroupResource, siteSectionResource, siteSpaceResource } from './site.resource';

type SpaceResource = SpaceForSite['resource'];
export type SiteSpaceView = ReturnType<typeof siteSpaceResource<SpaceResource>>;
export type SiteSectionView = ReturnType<typeof siteSectionResource<SiteSpaceView>>;
/** Written out: a group holds groups, which TypeScript cannot infer through the mapper. */
export interface SiteSectionGroupView {
  object: 'site-section-group';
  id: string;
  title: string;
  sections: SiteSectionView[];
  sectionGroup?: string;
  draft: boolean;
  children: (SiteSectionView | SiteSectionGroupView)[];
  icon?: string;
}
type Node = TreeNode<SiteSectionDoc, SiteSectionGroupDoc, SiteSpaceDoc>;

/** A site's structure rendered for one caller: the spec's `SiteStructure`, and each part by id. */
export interface RenderedStructure {
  structure: { type: 'sections'; structure: (SiteSectionView | SiteSectionGroupView)[] } | { type: 'siteSpaces'; structure: SiteSpaceView[] };
  siteSpaces: Map<string, SiteSpaceView>;
  sections: Map<string, SiteSectionView>;
  groups: Map<string, SiteSectionGroupView>;
}

/**
 * Sites and their structure as resources for one caller. The structure is rendered whole from the one
 * tree (order, defaults, published URLs), and a single part is taken from it, so every answer agrees.
 * Site spaces whose space the caller may not see are left out.
 */
@Injectable()
export class SiteViews {
  constructor(
    private readonly reads: SiteReads,
    private readonly queries: QueryBus,
    private readonly addresses: SiteAddresses,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async site(organizationId: string, siteId: string, role: Role | null) {
    return (await this.sites([await this.reads.site(organizationId, siteId)], role))[0];
  }

  sites(docs: SiteDoc[], role: Role | null) {
    return Promise.all(docs.map(async (doc) => siteResource(doc, { role, publicUrl: this.config.publicUrl, appUrl: this.config.appUrl, address: await this.addresses.of(doc) })));
  }

  /** `caller` null: the spaces as the site shows them to its visitors (see GetSpacesForSite). */
  async render(site: SiteDoc, caller: Caller | null): Promise<RenderedStructure> {
    const tree = await this.reads.structure(site);
    const nodes: Node[] = [...tree.root];
    const docs: SiteSpaceDoc[] = [...tree.rootSiteSpaces];
    for (let node = nodes.pop(); node; node = nodes.pop()) {
      if (node.type === 'site-section') docs.push(...node.siteSpaces);
      else nodes.push(...node.children);
    }
    const spaces = await this.queries.execute(new GetSpacesForSite(caller, site.organizationId, [...new Set(docs.map((d) => d.spaceId))]));
    const base = site.published ? await this.addresses.of(site) : undefined;
    const out: RenderedStructure = { structure: { type: 'siteSpaces', structure: [] }, siteSpaces: new Map(), sections: new Map(), groups: new Map() };

    /**
     * A container's default site space is served at the container's URL (`home`), the others at `<container>/<path>`:
     * a section's under the section's path, the default section's too (its path names it; see site-path-walk.ts).
     */
    const siteSpaces = (list: SiteSpaceDoc[], defaultId: string | null, home: string | undefined, container: string | undefined) =>
      list.flatMap((doc) => {
        const space = spaces.get(doc.spaceId);
        if (!space) return [];
        const isDefault = doc.id === defaultId;
        const published = home === undefined || container === undefined ? undefined : isDefault ? home : `${container}/${doc.path}`;
        const view = siteSpaceResource(doc, space.resource, { isDefault, published });
        out.siteSpaces.set(doc.id, view);
        return [view];
      });
    const part = (node: Node): SiteSectionView | SiteSectionGroupView => {
      if (node.type === 'site-section-group') {
        const view = siteSectionGroupResource(node.doc, node.children.map(part)) as SiteSectionGroupView;
        out.groups.set(node.doc.id, view);
        return view;
      }
      const isDefault = node.doc.id === tree.defaultSection;
      const named = base === undefined ? undefined : `${base}/${node.doc.path}`;
      const published = isDefault ? base : named;
      const view = siteSectionResource(node.doc, siteSpaces(node.siteSpaces, node.defaultSiteSpace, published, named), { isDefault, published });
      out.sections.set(node.doc.id, view);
      return view;
    };
    out.structure =
      tree.type === 'sections'
        ? { type: 'sections', structure: tree.root.map(part) }
        : { type: 'siteSpaces', structure: siteSpaces(tree.rootSiteSpaces, tree.defaultSiteSpace, base, base) };
    return out;
  }

  async siteSpace(site: SiteDoc, siteSpaceId: string, caller: Caller): Promise<SiteSpaceView> {
    return found((await this.render(site, caller)).siteSpaces.get(siteSpaceId), 'site space');
  }

  async section(site: SiteDoc, sectionId: string, caller: Caller): Promise<SiteSectionView> {
    return found((await this.render(site, caller)).sections.get(sectionId), 'site section');
  }

  async group(site: SiteDoc, groupId: string, caller: Caller): Promise<SiteSectionGroupView> {
    return found((await this.render(site, caller)).groups.get(groupId), 'site section group');
  }
}

function found<T>(view: T | undefined, what: string): T {
  if (view === undefined) throw new NotFound(what);
  return view;
}
