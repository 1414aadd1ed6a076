import { Type } from 'class-transformer';
import { IsIn, IsNotEmptyObject, IsObject, IsString, Length, ValidateNested } from 'class-validator';
import { PageDocument } from '@folio/kernel/document/document.model';
import { IsOptionalNonNull } from '@folio/platform/http/validators';
import { TRANSLATION_LANGUAGES, TranslationLanguage } from '../translation-language';

const MAX_ID = 256;
const LANGUAGE_MESSAGE = `must be one of the translation languages (${TRANSLATION_LANGUAGES.join(', ')})`;

export class TranslationSourceInput {
  @IsString()
  @Length(1, MAX_ID)
  space!: string;

  @IsIn(TRANSLATION_LANGUAGES, { message: `source.language ${LANGUAGE_MESSAGE}` })
  language!: TranslationLanguage;
}

/** `instructions` is a JSONDocument: its shape is checked by the handler (assertJsonDocument), naming where it is wrong. */
export class CreateTranslationBody {
  @IsObject()
  @IsNotEmptyObject()
  @ValidateNested()
  @Type(() => TranslationSourceInput)
  source!: TranslationSourceInput;

  @IsIn(TRANSLATION_LANGUAGES, { message: `language ${LANGUAGE_MESSAGE}` })
  language!: TranslationLanguage;

  @IsOptionalNonNull()
  @IsObject()
  instructions?: PageDocument;
}

export class UpdateTranslationBody {
  @IsObject()
  instructions!: PageDocument;
}
