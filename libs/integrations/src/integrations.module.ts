import { Module } from '@nestjs/common';

/**
 * Integrations: an organization's webhooks, which subscribe to the event log under stable dotted names,
 * and their deliveries, sent by a dispatcher with its own checkpoint where projections run. Identity is
 * asked through its public queries (who administers the organization); other contexts' events are read
 * from the log by the fields they name, as the audit trail reads them.
 */
@Module({
  providers: [],
  exports: [],
})
export class IntegrationsModule {}

/** The routes: the API only. */
@Module({
  imports: [IntegrationsModule],
  providers: [],
  controllers: [],
})
export class IntegrationsHttpModule {}
