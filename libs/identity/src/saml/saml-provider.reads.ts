import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { NotFound } from '@folio/platform/domain/errors';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { findPage, ListQuery } from '@folio/platform/http/pagination';
import { TEAMS, TeamDoc } from '../teams/team.projection';
import { teamCounts, TeamCounts } from '../teams/team.resource';
import { SAML_PROVIDERS, SAMLProviderDoc } from './saml-provider.projection';

/** The default team of a provider, as its resource shows it. */
export interface DefaultTeam {
  team: TeamDoc;
  counts: TeamCounts;
}

/** A provider with the team it names as `defaultTeam`, when that team (still) exists. */
export interface SAMLProviderView {
  provider: SAMLProviderDoc;
  team: DefaultTeam | null;
}

/** Page size when reading every provider of an organization (the SSO login chooser). */
const ALL_PAGE = 1000;

/** Reads of SAML providers, always inside one organization: an id from another one is not found. */
@Injectable()
export class SAMLProviderReads {
  constructor(
    @Inject(READ_STORE) private readonly reads: ReadStore,
    private readonly queries: QueryBus,
  ) {}

  async get(organizationId: string, samlProviderId: string): Promise<SAMLProviderDoc | null> {
    const provider = await this.reads.get<SAMLProviderDoc>(SAML_PROVIDERS, samlProviderId);
    return provider && provider.organizationId === organizationId ? provider : null;
  }

  /** The provider with its default team, or 404. */
  async view(organizationId: string, samlProviderId: string): Promise<SAMLProviderView> {
    const provider = await this.get(organizationId, samlProviderId);
    if (!provider) throw new NotFound('SAML provider');
    return { provider, team: provider.defaultTeam ? await this.defaultTeam(organizationId, provider.defaultTeam) : null };
  }

  /** Oldest first. */
  page(organizationId: string, list: ListQuery): Promise<{ items: SAMLProviderDoc[]; next?: { page: string } }> {
    return findPage<SAMLProviderDoc>(
      this.reads,
      SAML_PROVIDERS,
      { filter: { organizationId }, sort: { field: 'createdAt', direction: 'asc' } },
      list,
    );
  }

  /** Every provider of the organization, oldest first (organizations have a handful). */
  async all(organizationId: string): Promise<SAMLProviderDoc[]> {
    const all: SAMLProviderDoc[] = [];
    let page: string | undefined;
    do {
      const result = await this.page(organizationId, { limit: ALL_PAGE, page });
      all.push(...result.items);
      page = result.next?.page;
    } while (page);
    return all;
  }

  /**
   * A team of this organization (the teams slice's read model, projection `identity-teams`), or null
   * for an unknown or deleted team or one of another organization.
   */
  async team(organizationId: string, teamId: string): Promise<TeamDoc | null> {
    const team = await this.reads.get<TeamDoc>(TEAMS, teamId);
    return team && team.organizationId === organizationId ? team : null;
  }

  /** The providers with their default teams, each team read once. */
  async withTeams(organizationId: string, providers: SAMLProviderDoc[]): Promise<SAMLProviderView[]> {
    const ids = [...new Set(providers.flatMap((p) => (p.defaultTeam ? [p.defaultTeam] : [])))];
    const teams = new Map(await Promise.all(ids.map(async (id) => [id, await this.defaultTeam(organizationId, id)] as const)));
    return providers.map((provider) => ({ provider, team: (provider.defaultTeam && teams.get(provider.defaultTeam)) || null }));
  }

  private async defaultTeam(organizationId: string, teamId: string): Promise<DefaultTeam | null> {
    const team = await this.team(organizationId, teamId);
    return team && { team, counts: await teamCounts(this.reads, this.queries, team) };
  }
}
