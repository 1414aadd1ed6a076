import { Module } from '@nestjs/common';
import { ContentAccess } from './content-access';
import { GrantContentAccessHandler } from './content-grant.commands';
import { ContentGrantController } from './content-grant.controller';
import { CountGrantedSpacesHandler } from './granted-spaces.query';

/** Who may do what with content: the effective-role computation and the grants behind it. */
@Module({ providers: [ContentAccess, GrantContentAccessHandler, CountGrantedSpacesHandler], exports: [ContentAccess] })
export class ContentAccessModule {}

@Module({ imports: [ContentAccessModule], controllers: [ContentGrantController] })
export class ContentAccessHttpModule {}
