// The yardstick's PATCH body (bench/plain-nest.ts): Folio's UpdateOrganizationBody
// (libs/identity/src/organizations/organization.dto.ts) rewritten by hand with class-validator alone, the same
// fields and the same rules, so that the plain app validates what Folio validates without any Folio code.
// Folio's own helpers are spelled out: its "optional, not nullable" is ValidateIf(value !== undefined), its role
// and merge-rule lists are copied, and a custom rule's expression is checked as a bounded string (parsing it is
// Folio's domain work, and the bench's PATCHes carry a title only).
import { Type } from 'class-transformer';
import { ArrayMaxSize, Equals, IsArray, IsBoolean, IsFQDN, IsIn, IsOptional, IsString, IsUrl, Length, Matches, MaxLength, ValidateIf, ValidateNested } from 'class-validator';

const TITLE = /\S.*\S/;
const HOSTNAME = /^[a-z0-9][a-z0-9-]{1,30}[a-z0-9]$/;
const ROLES = ['admin', 'create', 'review', 'edit', 'comment', 'read'];
const MERGE_RULE_NAMES = [
  'require_specific_reviewers',
  'require_one_of_specific_reviewers',
  'allow_bypass',
  'require_at_least_one_review',
  'require_at_least_one_approved_review',
  'require_all_reviews_approved',
  'require_agent_review',
  'require_up_to_date_change_request',
  'require_change_request_subject',
  'require_change_request_description',
  'require_author_to_merge',
  'custom',
];

/** Absent skips the rules; null is validated, and so refused. */
const IsPresent = () => ValidateIf((_object, value) => value !== undefined);

class PlainMergeRule {
  @IsIn(MERGE_RULE_NAMES)
  rule!: string;

  @IsPresent()
  @IsArray()
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  users?: string[];

  @ValidateIf((o: PlainMergeRule) => o.rule === 'custom' || o.expression !== undefined)
  @IsString()
  @MaxLength(4096)
  expression?: string;

  @IsPresent()
  @IsString()
  @MaxLength(1024)
  message?: string;
}

class PlainMergeRules {
  @IsIn(['rules', 'none'])
  type!: 'rules' | 'none';

  @ValidateIf((o: PlainMergeRules) => o.type === 'rules')
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => PlainMergeRule)
  rules?: PlainMergeRule[];
}

class PlainDefaultContent {
  @Equals('site')
  type!: 'site';

  @IsString()
  @Length(1, 64)
  site!: string;
}

export class PlainOrganizationPatch {
  @IsPresent()
  @IsString()
  @Length(2, 255)
  @Matches(TITLE)
  title?: string;

  @IsPresent()
  @IsArray()
  @ArrayMaxSize(100)
  @IsFQDN({}, { each: true })
  emailDomains?: string[];

  @IsPresent()
  @IsString()
  @Length(3, 32)
  @Matches(HOSTNAME)
  hostname?: string;

  @IsOptional()
  @IsIn([...ROLES, null])
  defaultRole?: string | null;

  @IsOptional()
  @ValidateNested()
  @Type(() => PlainDefaultContent)
  defaultContent?: PlainDefaultContent | null;

  @IsOptional()
  @IsUrl({ require_protocol: true, protocols: ['http', 'https'] })
  @MaxLength(2048)
  logo?: string | null;

  @IsPresent()
  @IsBoolean()
  sso?: boolean;

  @IsPresent()
  @IsBoolean()
  ai?: boolean;

  @IsPresent()
  @IsBoolean()
  inviteLinks?: boolean;

  @IsPresent()
  @ValidateNested()
  @Type(() => PlainMergeRules)
  mergeRules?: PlainMergeRules;
}
