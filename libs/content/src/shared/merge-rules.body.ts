import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, ValidateIf, ValidateNested } from 'class-validator';
import { MergeRuleBody } from '@folio/platform/validation/merge-rule.body';
import { InheritableMergeRules } from './merge-rules';

/** `inherit` (from the organization), `rules` with a list, or `none`. */
export class InheritableMergeRulesBody {
  @IsIn(['inherit', 'rules', 'none'], { message: 'mergeRules.type must be one of: inherit, rules, none' })
  type!: InheritableMergeRules['type'];

  @ValidateIf((o: InheritableMergeRulesBody) => o.type === 'rules')
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => MergeRuleBody)
  rules?: MergeRuleBody[];

  /** Plain data for a command: no class instances. */
  toMergeRules(): InheritableMergeRules {
    return this.type === 'rules' ? { type: this.type, rules: (this.rules ?? []).map((r) => ({ ...r })) } : { type: this.type };
  }
}
