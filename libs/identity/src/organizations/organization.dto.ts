import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  Equals,
  IsArray,
  IsBoolean,
  IsFQDN,
  IsIn,
  IsOptional,
  IsString,
  IsUrl,
  Length,
  Matches,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { IsOptionalNonNull } from '@folio/platform/http/validators';
import { MergeRuleBody } from '@folio/platform/validation/merge-rule.body';
import { Role } from '@folio/platform/domain/roles';
import { IsRoleOrGuest } from '../public/role.validators';
import { HOSTNAME, OrganizationSettings } from './organization.settings';

const TITLE = /\S.*\S/;

export class CreateOrganizationBody {
  @IsString()
  @Length(2, 255)
  @Matches(TITLE, { message: 'title must start and end with a visible character' })
  title!: string;

  @IsOptionalNonNull()
  @IsArray()
  @ArrayMaxSize(100)
  @IsFQDN({}, { each: true })
  emailDomains?: string[];
}

/** `inherit` is refused: an organization has nothing to inherit from. */
export class MergeRulesBody {
  @IsIn(['rules', 'none'], { message: 'mergeRules.type must be one of: rules, none' })
  type!: 'rules' | 'none';

  @ValidateIf((o: MergeRulesBody) => o.type === 'rules')
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => MergeRuleBody)
  rules?: MergeRuleBody[];
}

export class DefaultContentBody {
  @Equals('site')
  type!: 'site';

  @IsString()
  @Length(1, 64)
  site!: string;
}

export class UpdateOrganizationBody {
  @IsOptionalNonNull()
  @IsString()
  @Length(2, 255)
  @Matches(TITLE, { message: 'title must start and end with a visible character' })
  title?: string;

  @IsOptionalNonNull()
  @IsArray()
  @ArrayMaxSize(100)
  @IsFQDN({}, { each: true })
  emailDomains?: string[];

  @IsOptionalNonNull()
  @IsString()
  @Length(3, 32)
  @Matches(HOSTNAME, { message: 'hostname must be lowercase letters, digits and inner dashes' })
  hostname?: string;

  @IsOptional()
  @IsRoleOrGuest()
  defaultRole?: Role | null;

  @IsOptional()
  @ValidateNested()
  @Type(() => DefaultContentBody)
  defaultContent?: DefaultContentBody | null;

  @IsOptional()
  @IsUrl({ require_protocol: true, protocols: ['http', 'https'] })
  @MaxLength(2048)
  logo?: string | null;

  @IsOptionalNonNull()
  @IsBoolean()
  sso?: boolean;

  @IsOptionalNonNull()
  @IsBoolean()
  ai?: boolean;

  @IsOptionalNonNull()
  @IsBoolean()
  inviteLinks?: boolean;

  @IsOptionalNonNull()
  @ValidateNested()
  @Type(() => MergeRulesBody)
  mergeRules?: MergeRulesBody;

  /** Plain data for the command: no class instances, no keys the caller did not send. */
  toChanges(): Partial<OrganizationSettings> {
    const { mergeRules, defaultContent, ...rest } = this;
    const changes: Partial<OrganizationSettings> = JSON.parse(JSON.stringify(rest));
    if (defaultContent !== undefined) changes.defaultContent = defaultContent && { type: 'site', site: defaultContent.site };
    if (mergeRules) {
      changes.mergeRules =
        mergeRules.type === 'none' ? { type: 'none' } : { type: 'rules', rules: JSON.parse(JSON.stringify(mergeRules.rules)) };
    }
    return changes;
  }
}
