import { Type } from 'class-transformer';
import { IsIn, IsOptional, IsString, Length, MaxLength, ValidateNested } from 'class-validator';
import { IsOptionalNonNull } from '@folio/platform/http/validators';
import { DefaultLevel } from '../shared/default-level';
import { IsDefaultLevel } from '../shared/default-level.validator';
import { InheritableMergeRulesBody } from '../shared/merge-rules.body';
import { EditMode, SpaceSettings } from './space.events';

/** The client spec's TranslationLanguage. */
export const LANGUAGES = [
  'en', 'fr', 'de', 'es', 'it', 'pt', 'pt-br', 'ru', 'ja', 'zh', 'zh-tw', 'yue', 'ko', 'ar', 'hi', 'nl', 'pl', 'tr', 'sv', 'no',
  'da', 'fi', 'el', 'cs', 'hu', 'ro', 'th', 'vi', 'id', 'ms', 'he', 'uk', 'sk', 'bg', 'hr', 'lt', 'lv', 'et', 'sl',
];
const EDIT_MODES: EditMode[] = ['live', 'locked'];
const ID = 64;

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
  @Type(() => InheritableMergeRulesBody)
  mergeRules?: InheritableMergeRulesBody;

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
    if (this.mergeRules !== undefined) changes.mergeRules = this.mergeRules.toMergeRules();
    if (this.emoji !== undefined) changes.emoji = this.emoji ?? '';
    return changes;
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
