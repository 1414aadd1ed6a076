import { Module } from '@nestjs/common';
import { SiteAccess } from '../sites/site-access';
import { SiteReads } from '../sites/site.reads';
import { customizationCommandHandlers } from './customization.commands';
import { CustomizationController } from './customization.controller';
import { customizationQueryHandlers } from './customization.queries';
import { CustomizationReads } from './customization.reads';

/** Sites' customizations: their handlers and reads (`CustomizationReads.customizations` for the published-content route). */
@Module({
  providers: [...customizationCommandHandlers, ...customizationQueryHandlers, CustomizationReads, SiteReads, SiteAccess],
  exports: [CustomizationReads],
})
export class CustomizationModule {}

/** The routes: the API only. */
@Module({
  imports: [CustomizationModule],
  controllers: [CustomizationController],
})
export class CustomizationHttpModule {}
