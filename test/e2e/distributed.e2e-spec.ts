import { GitBookAPI } from '@gitbook/api';
import { jwtVerify } from 'jose';
import { expectMatchesSpec } from '../support/openapi';

/**
 * The distributed mode as a client sees it, through the compose stack's reverse proxy: run by
 * scripts/verify-distributed.sh, which starts the stack with three API replicas and sets
 * FOLIO_URL (the proxy), FOLIO_ADMIN_TOKEN (the bootstrap admin's) and FOLIO_SECRET (from .env).
 * Skipped when FOLIO_URL is unset, as the contract suites skip the servers they lack.
 */
const { FOLIO_URL: url, FOLIO_ADMIN_TOKEN: adminToken, FOLIO_SECRET: secret } = process.env;
const describeStack = url ? describe : describe.skip;

/** Enough requests for the proxy's round robin to reach every replica several times. */
const ROUNDS = 9;

describeStack('distributed stack (docker compose, behind the proxy)', () => {
  const api = () => new GitBookAPI({ endpoint: url!, authToken: adminToken! });

  it('is healthy: both stores up, the projections at the head of the log', async () => {
    const response = await fetch(`${url}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', stores: { events: 'up', reads: 'up' } });
  }, 30_000);

  it('reads its own writes on every replica: each read, on whichever replica, sees the previous write', async () => {
    const { data: org, status } = await api().orgs.createOrganization({ title: 'Distributed 0' });
    expect(status).toBe(201);
    expectMatchesSpec('POST', '/orgs', status, org);
    for (let i = 1; i <= ROUNDS; i++) {
      await api().orgs.updateOrganizationById(org.id, { title: `Distributed ${i}` });
      const { data, status: readStatus } = await api().orgs.getOrganizationById(org.id);
      expect(data.title).toBe(`Distributed ${i}`);
      expectMatchesSpec('GET', '/orgs/{organizationId}', readStatus, data);
    }
  }, 120_000);

  it('signs visitor claims with the one FOLIO_SECRET on every replica', async () => {
    const { data: org } = await api().orgs.createOrganization({ title: 'Visitor Claims' });
    for (let i = 0; i < ROUNDS; i++) {
      const { data } = await api().orgs.updateOrganizationMemberLastSeenAt(org.id);
      const token = (data as { serviceVisitorClaims: string }).serviceVisitorClaims;
      const verified = await jwtVerify(token, new TextEncoder().encode(secret!), { audience: 'folio-visitor' });
      expect(verified.payload.organization).toBe(org.id);
    }
  }, 120_000);
});
