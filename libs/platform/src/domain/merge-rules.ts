/**
 * Merge rules: what a change request needs before it may be merged. A value type shared by identity
 * (an organization's rules) and content (a space's, which may also `inherit` the organization's).
 */
export const MERGE_RULE_NAMES = [
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
] as const;

export type MergeRule = { rule: string; users?: string[]; expression?: string; message?: string };

/** Rules of their own, or none; `inherit` is the content context's addition for spaces. */
export type MergeRules = { type: 'rules'; rules: MergeRule[] } | { type: 'none' };
