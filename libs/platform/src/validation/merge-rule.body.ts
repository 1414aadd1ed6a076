import { ArrayMaxSize, IsArray, IsIn, IsString, MaxLength, ValidateBy, ValidateIf } from 'class-validator';
import { validateCustomExpression } from '../domain/custom-expression';
import { MERGE_RULE_NAMES } from '../domain/merge-rules';
import { IsOptionalNonNull } from '../http/validators';

/** A `custom` rule's expression must parse and name only what the evaluation context holds; the message says why not. */
const IsCustomExpression = () =>
  ValidateBy({
    name: 'isCustomExpression',
    validator: {
      validate: (value: unknown) => typeof value !== 'string' || validateCustomExpression(value) === null,
      defaultMessage: (args) => `${args?.property}: ${validateCustomExpression(args?.value as string)}`,
    },
  });

/** One entry of a `mergeRules.rules` list, as organizations and spaces accept it. */
export class MergeRuleBody {
  @IsIn(MERGE_RULE_NAMES)
  rule!: string;

  @IsOptionalNonNull()
  @IsArray()
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  users?: string[];

  /** Required by `custom` rules, the only ones that read it. */
  @ValidateIf((o: MergeRuleBody) => o.rule === 'custom' || o.expression !== undefined)
  @IsString()
  @IsCustomExpression()
  expression?: string;

  @IsOptionalNonNull()
  @IsString()
  @MaxLength(1024)
  message?: string;
}
