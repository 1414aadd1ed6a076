import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsString, Length, MaxLength, ValidateIf, ValidateNested } from 'class-validator';
import { ROLES } from '@folio/platform/domain/roles';
import { IsOptionalNonNull } from '@folio/platform/http/validators';
import { MergeRuleBody } from '@folio/identity/organizations/organization.dto';
import { Placement } from '../ordering/siblings';
import { DefaultLevel, EditMode, MergeRules, SpaceSettings } from './space.events';

/** The client spec's TranslationLanguage. */
export const LANGUAGES = [
  'en', 'fr', 'de', 'es', 'it', 'pt', 'pt-br', 'ru', 'ja', 'zh', 'zh-tw', 'yue', 'ko', 'ar', 'hi', 'nl', 'pl', 'tr', 'sv', 'no',
  'da', 'fi', 'el', 'cs', 'hu', 'ro', 'th', 'vi', 'id', 'ms', 'he', 'uk', 'sk', 'bg', 'hr', 'lt', 'lv', 'et', 'sl',
];
const EDIT_MODES: EditMode[] = ['live', 'locked'];
const ID = 64;

/** A role, `null` (guests) or `inherit` (from the parent collection, or the organization at the root). */
export function IsDefaultLevel(): PropertyDecorator {
  return IsIn([...ROLES, null, 'inherit'], {
    message: ({ property }) => `${property} must be one of: ${ROLES.join(', ')}, inherit, or null for guests`,
  });
}

export class CreateSpaceBody {
  @IsOptionalNonNull()
  @IsString()
  @MaxLength(50)
  title?: string;

  @IsOptionalNonNull()
  @IsString()
  @MaxLength(50)
  emoji?: string;

  @IsOptionalNonNull()
  @IsString()
  @Length(1, ID)
  parent?: string;

  @IsOptionalNonNull()
  @IsIn(LANGUAGES)
  language?: string;

  @IsOptionalNonNull()
  @IsIn(EDIT_MODES)
  editMode?: EditMode;
}

export class GetSpaceQuery {
  @IsOptional()
  @IsString()
  @MaxLength(1024)
  shareKey?: string;
}

/** `inherit` (from the organization), `rules` with a list, or `none`. */
export class SpaceMergeRulesBody {
  @IsIn(['inherit', 'rules', 'none'], { message: 'mergeRules.type must be one of: inherit, rules, none' })
  type!: MergeRules['type'];

  @ValidateIf((o: SpaceMergeRulesBody) => o.type === 'rules')
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => MergeRuleBody)
  rules?: MergeRuleBody[];
}

export class UpdateSpaceBody {
  @IsOptionalNonNull()
  @IsIn(EDIT_MODES)
  editMode?: EditMode;

  @IsOptionalNonNull()
  @IsString()
  @MaxLength(50)
  title?: string;

  @IsOptional()
  @IsDefaultLevel()
  defaultLevel?: DefaultLevel;

  @IsOptionalNonNull()
  @IsIn(LANGUAGES)
  language?: string;

  @IsOptionalNonNull()
  @ValidateNested()
  @Type(() => SpaceMergeRulesBody)
  mergeRules?: SpaceMergeRulesBody;

  /** `null` removes the emoji (the client spec's "Remove icon or emoji"). */
  @IsOptional()
  @IsString()
  @MaxLength(50)
  emoji?: string | null;

  toChanges(): Partial<SpaceSettings> {
    const changes: Partial<SpaceSettings> = {};
    if (this.editMode !== undefined) changes.editMode = this.editMode;
    if (this.title !== undefined) changes.title = this.title;
    if (this.defaultLevel !== undefined) changes.defaultLevel = this.defaultLevel;
    if (this.language !== undefined) changes.language = this.language;
    if (this.mergeRules !== undefined) {
      const { type, rules } = this.mergeRules;
      changes.mergeRules = type === 'rules' ? { type, rules: (rules ?? []).map((r) => ({ ...r })) } : { type };
    }
    if (this.emoji !== undefined) changes.emoji = this.emoji ?? '';
    return changes;
  }
}

export class PointerBody {
  @IsIn(['space', 'collection'])
  type!: 'space' | 'collection';

  @ValidateIf((o: PointerBody) => o.type === 'space' || o.space !== undefined)
  @IsString()
  @Length(1, ID)
  space?: string;

  @ValidateIf((o: PointerBody) => o.type === 'collection' || o.collection !== undefined)
  @IsString()
  @Length(1, ID)
  collection?: string;

  toPointer() {
    return this.type === 'space' ? { type: 'space' as const, space: this.space! } : { type: 'collection' as const, collection: this.collection! };
  }
}

export class PositionBody {
  @IsOptionalNonNull()
  @ValidateNested()
  @Type(() => PointerBody)
  before?: PointerBody;

  @IsOptionalNonNull()
  @ValidateNested()
  @Type(() => PointerBody)
  after?: PointerBody;
}

/** At least one of `parent` (a collection id, or null for the root) and `position`. */
export class MoveBody {
  @IsOptional()
  @IsString()
  @Length(1, ID)
  parent?: string | null;

  @IsOptionalNonNull()
  @ValidateNested()
  @Type(() => PositionBody)
  position?: PositionBody;

  placement(): Placement | undefined {
    if (!this.position) return undefined;
    return {
      ...(this.position.before ? { before: this.position.before.toPointer() } : {}),
      ...(this.position.after ? { after: this.position.after.toPointer() } : {}),
    };
  }
}

export class TransferSpaceBody {
  @IsString()
  @Length(1, ID)
  organization!: string;

  @IsOptionalNonNull()
  @IsString()
  @Length(1, ID)
  parent?: string;
}
