import { MergeRules } from '@folio/platform/domain/merge-rules';

/** Content's merge rules: the platform's value type, or `inherit` (the organization's). */
export type InheritableMergeRules = { type: 'inherit' } | MergeRules;
