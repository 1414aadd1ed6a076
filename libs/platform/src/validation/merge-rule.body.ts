import { ArrayMaxSize, IsArray, IsIn, IsString, MaxLength } from 'class-validator';
import { MERGE_RULE_NAMES } from '../domain/merge-rules';
import { IsOptionalNonNull } from '../http/validators';

/** One entry of a `mergeRules.rules` list, as organizations and spaces accept it. */
export class MergeRuleBody {
  @IsIn(MERGE_RULE_NAMES)
  rule!: string;

  @IsOptionalNonNull()
  @IsArray()
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  users?: string[];

  @IsOptionalNonNull()
  @IsString()
  @MaxLength(4096)
  expression?: string;

  @IsOptionalNonNull()
  @IsString()
  @MaxLength(1024)
  message?: string;
}
