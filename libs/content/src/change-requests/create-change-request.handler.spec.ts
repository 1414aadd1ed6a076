import { CommandBus, CqrsModule, IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Test } from '@nestjs/testing';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { CONFIG } from '@folio/platform/config/config.token';
import { fold } from '@folio/platform/domain/decider';
import { Invalid } from '@folio/platform/domain/errors';
import { GetIssuesCluster } from '@folio/insights/public/issues-cluster.query';
import { SPACE_DEFAULTS, spaceDecider } from '../spaces/space.decider';
import { CreateChangeRequest, CreateChangeRequestHandler } from './change-request.commands';
import { changeRequestDecider, ChangeRequestCommand } from './change-request.decider';
import { ChangeRequestEvent } from './change-request.events';
import { ChangeRequestDoc } from './change-request.projection';
import { ChangeRequestReads } from './change-request.reads';

const now = '2026-01-01T00:00:00.000Z';
const caller: Caller = { userId: 'u1', source: 'api', correlationId: 'test' };
const space = fold(spaceDecider, [
  {
    type: 'SpaceCreated',
    data: { spaceId: 's1', organizationId: 'o1', parent: null, position: 'a0', ...SPACE_DEFAULTS, visibility: 'private', revision: 'r0', tree: 't0', createdAt: now },
  },
]);

/** Insights' answer, as the test stands in for it: organization o1 has the one cluster k1. */
@QueryHandler(GetIssuesCluster)
class OneCluster implements IQueryHandler<GetIssuesCluster> {
  static asked: GetIssuesCluster[] = [];
  async execute(query: GetIssuesCluster) {
    OneCluster.asked.push(query);
    return query.organizationId === 'o1' && query.clusterId === 'k1' ? { id: 'k1', label: 'sign in fails' } : null;
  }
}

/**
 * The create handler over a log of the request's events it decides (the real decider, a fixed clock)
 * and a read model that answers what that log holds; `withInsights` registers the stand-in for insights'
 * GetIssuesCluster, else the query bus has no handler for it (as before insights answers it).
 */
async function creating(withInsights: boolean) {
  const written: ChangeRequestEvent[] = [];
  const aggregates = {
    load: async () => ({ state: space, revision: 0n }),
    handle: async (_stream: string, _decider: unknown, command: Omit<ChangeRequestCommand, 'now'>) => {
      const events = changeRequestDecider.decide({ ...command, now } as ChangeRequestCommand, changeRequestDecider.initialState);
      written.push(...events);
      return { events };
    },
  };
  const doc = (): ChangeRequestDoc => {
    const created = written.find((e): e is Extract<ChangeRequestEvent, { type: 'ChangeRequestCreated' }> => e.type === 'ChangeRequestCreated')!.data;
    return {
      id: created.changeRequestId,
      spaceId: created.spaceId,
      organizationId: created.organizationId,
      number: created.number,
      status: 'draft',
      subject: created.subject,
      description: null,
      createdBy: created.createdBy,
      ...(created.conversationsIssuesCluster ? { conversationsIssuesCluster: created.conversationsIssuesCluster } : {}),
      createdAt: created.createdAt,
      updatedAt: created.createdAt,
      revision: created.revision,
      tree: created.tree,
      revisionInitial: created.revision,
      treeInitial: created.tree,
      streamRevision: '0',
    };
  };
  const spaceDoc = { id: 's1', organizationId: 'o1', revision: 'r0' };
  const reads = {
    space: async () => ({ space: spaceDoc, role: 'edit', permissions: { edit: true } }),
    highestNumber: async () => 0,
    get: async () => ({ changeRequest: doc(), space: spaceDoc }),
    profiles: async () => new Map(),
  };
  const module = await Test.createTestingModule({
    imports: [CqrsModule.forRoot()],
    providers: [
      CreateChangeRequestHandler,
      ...(withInsights ? [OneCluster] : []),
      { provide: Aggregates, useValue: aggregates },
      { provide: ChangeRequestReads, useValue: reads },
      { provide: CONFIG, useValue: { publicUrl: 'http://folio.test', appUrl: 'http://app.test' } },
    ],
  }).compile();
  await module.init();
  OneCluster.asked = [];
  return { commands: module.get(CommandBus), written, close: () => module.close() };
}

describe('creating a change request for an issues cluster', () => {
  it('refuses a cluster insights does not know in the organization (400 naming the field), writing nothing', async () => {
    const { commands, written, close } = await creating(true);
    try {
      const create = commands.execute(new CreateChangeRequest(caller, 's1', 'Fix sign-in', undefined, 'k9'));
      await expect(create).rejects.toThrow(Invalid);
      await expect(create).rejects.toThrow(/conversationsIssuesCluster/);
      expect(OneCluster.asked).toEqual([expect.objectContaining({ organizationId: 'o1', clusterId: 'k9' })]);
      expect(written).toEqual([]);
    } finally {
      await close();
    }
  });

  it('records a known cluster on the request and answers it on the resource', async () => {
    const { commands, written, close } = await creating(true);
    try {
      const resource = await commands.execute(new CreateChangeRequest(caller, 's1', 'Fix sign-in', undefined, 'k1'));
      expect(written).toEqual([expect.objectContaining({ type: 'ChangeRequestCreated', data: expect.objectContaining({ conversationsIssuesCluster: 'k1' }) })]);
      expect(resource).toMatchObject({ subject: 'Fix sign-in', conversationsIssuesCluster: 'k1' });
    } finally {
      await close();
    }
  });

  it('never asks insights for a request made without a cluster (no handler for its query is needed)', async () => {
    const { commands, written, close } = await creating(false);
    try {
      const resource = await commands.execute(new CreateChangeRequest(caller, 's1', 'Intro'));
      expect(resource).not.toHaveProperty('conversationsIssuesCluster');
      expect(written).toEqual([expect.objectContaining({ type: 'ChangeRequestCreated', data: expect.not.objectContaining({ conversationsIssuesCluster: expect.anything() }) })]);
    } finally {
      await close();
    }
  });
});
