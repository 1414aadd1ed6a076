import { IsOptional, IsString, IsUrl, Length, Matches, MaxLength, registerDecorator, ValidationOptions } from 'class-validator';
import { IsOptionalNonNull } from '@folio/platform/http/validators';
import { Role } from '@folio/platform/domain/roles';
import { IsRoleOrGuest } from '../public/role.validators';
import { CERTIFICATE_MAX, certificateProblem } from './certificate';
import { SAML_LABEL_MAX } from './saml-provider.decider';
import { SAMLProviderSettings } from './saml-provider.events';

export const ENTITY_ID_MAX = 1024;
export const SSO_URL_MAX = 2048;
/** Ids are 20 characters; anything much longer cannot name a team. */
const TEAM_ID_MAX = 64;
const VISIBLE = /\S/;
/** Identity providers of self-hosted deployments often live on internal hostnames without a TLD. */
const SSO_URL_OPTIONS = { require_protocol: true, protocols: ['http', 'https'], require_tld: false };

/** One X.509 certificate in PEM form (see certificate.ts); over-long input is left to `@MaxLength`. */
function IsX509Certificate(options?: ValidationOptions): PropertyDecorator {
  return (object, propertyName) =>
    registerDecorator({
      name: 'isX509Certificate',
      target: object.constructor,
      propertyName: propertyName as string,
      options,
      validator: {
        validate: (value: unknown) =>
          typeof value !== 'string' || value.length > CERTIFICATE_MAX || certificateProblem(value) === null,
        defaultMessage: (args) =>
          `certificate must be one X.509 certificate in PEM form (-----BEGIN CERTIFICATE----- …): ${certificateProblem(String(args?.value))}`,
      },
    });
}

/** The fields a SAML provider has besides its label, all optional; only `defaultRole` may be null. */
class SAMLProviderFields {
  @IsOptionalNonNull()
  @IsString()
  @MaxLength(ENTITY_ID_MAX)
  entityID?: string;

  @IsOptionalNonNull()
  @IsString()
  @MaxLength(CERTIFICATE_MAX)
  @IsX509Certificate()
  certificate?: string;

  @IsOptionalNonNull()
  @IsString()
  @IsUrl(SSO_URL_OPTIONS)
  @MaxLength(SSO_URL_MAX)
  ssoURL?: string;

  @IsOptionalNonNull()
  @IsString()
  @Length(1, TEAM_ID_MAX)
  defaultTeam?: string;

  @IsOptional()
  @IsRoleOrGuest()
  defaultRole?: Role | null;
}

export class CreateSAMLProviderBody extends SAMLProviderFields {
  @IsString()
  @Length(1, SAML_LABEL_MAX)
  @Matches(VISIBLE, { message: 'label must not be blank' })
  label!: string;

  /** Plain data for the command: no class instance, no keys the caller did not send. */
  toInput(): Pick<SAMLProviderSettings, 'label'> & Partial<SAMLProviderSettings> {
    return JSON.parse(JSON.stringify(this));
  }
}

/** PATCH: the same fields, all optional. */
export class UpdateSAMLProviderBody extends SAMLProviderFields {
  @IsOptionalNonNull()
  @IsString()
  @Length(1, SAML_LABEL_MAX)
  @Matches(VISIBLE, { message: 'label must not be blank' })
  label?: string;

  toChanges(): Partial<SAMLProviderSettings> {
    return JSON.parse(JSON.stringify(this));
  }
}
