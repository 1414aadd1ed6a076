import { IsString, Matches, MaxLength } from 'class-validator';

/** Long enough for "CI deploy key for docs.example.com (staging)", short enough to list. */
export const MAX_TOKEN_LABEL = 100;

export class CreateApiTokenBody {
  @IsString()
  @MaxLength(MAX_TOKEN_LABEL)
  @Matches(/\S/, { message: 'label must not be empty or blank' })
  label!: string;
}
