import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { systemCaller } from '@folio/platform/auth/caller';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { Conflict } from '@folio/platform/domain/errors';
import { EVENT_STORE, EventStore } from '@folio/platform/event-store/event-store.port';
import { CreateUser } from '../users/user.commands';

/**
 * On the first start against an empty store, creates the admin user (ADMIN_EMAIL) and writes its token
 * to DATA_DIR/admin-token, readable by the owner only. The token itself is never logged.
 */
@Injectable()
export class BootstrapAdmin {
  private readonly logger = new Logger('bootstrap');

  constructor(
    private readonly commands: CommandBus,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(CONFIG) private readonly config: FolioConfig,
  ) {}

  async run(): Promise<void> {
    if ((await this.events.headPosition()) !== null) return;
    try {
      const admin = await this.commands.execute(new CreateUser(systemCaller('bootstrap'), this.config.adminEmail, 'Admin'));
      mkdirSync(this.config.dataDir, { recursive: true });
      const file = join(this.config.dataDir, 'admin-token');
      writeFileSync(file, `${admin.token}\n`, { mode: 0o600 });
      this.logger.log(`Created the admin user ${admin.email}; its API token is in ${file}`);
    } catch (error) {
      // Another replica starting on the same empty store got there first.
      if (!(error instanceof Conflict)) throw error;
    }
  }
}
