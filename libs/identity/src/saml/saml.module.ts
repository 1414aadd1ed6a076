import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity.module';
import { CreateSAMLProviderHandler, DeleteSAMLProviderHandler, UpdateSAMLProviderHandler } from './saml-provider.commands';
import { SAMLProviderController } from './saml-provider.controller';
import { GetSAMLProviderHandler, ListSAMLProvidersHandler, ListSSOProviderLoginsHandler } from './saml-provider.queries';
import { SAMLProviderReads } from './saml-provider.reads';

const handlers = [
  CreateSAMLProviderHandler,
  UpdateSAMLProviderHandler,
  DeleteSAMLProviderHandler,
  ListSAMLProvidersHandler,
  GetSAMLProviderHandler,
  ListSSOProviderLoginsHandler,
];

/**
 * SAML providers and the SSO login chooser. Its projection is listed with the identity context's
 * others (identity.projections.ts); the organization reads come from IdentityModule.
 */
@Module({
  imports: [IdentityModule],
  providers: [...handlers, SAMLProviderReads],
  exports: [SAMLProviderReads],
})
export class SamlModule {}

@Module({ imports: [SamlModule], controllers: [SAMLProviderController] })
export class SamlHttpModule {}
