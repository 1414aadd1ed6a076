import { compileExpression, evaluateExpression, MERGE_RULES_CONTEXT_NAMES } from '@folio/platform/domain/custom-expression';
import { Invalid } from '@folio/platform/domain/errors';
import { MergeRule, MergeRules } from '@folio/platform/domain/merge-rules';
import { InheritableMergeRules } from '../shared/merge-rules';
import { MergeRulesContext } from './merge-rules-context';

export type MergeRuleFailure = { ok: false; rule: string; message: string };
/** `bypassed`: the failure an `allow_bypass` rule let this merger past (for the audit trail). */
export type MergeRulesVerdict = { ok: true; bypassed?: MergeRuleFailure } | MergeRuleFailure;

/** The rules a space's merges obey: its own, or its organization's when it inherits them. */
export function effectiveMergeRules(space: InheritableMergeRules, organization: MergeRules): MergeRules {
  return space.type === 'inherit' ? organization : space;
}

/**
 * Every rule must pass, in order; the first that fails is the answer, unless an `allow_bypass` rule
 * lets this merger past. The spec names the bypass "allow specified actors to bypass requirements"
 * (its `users`); admins of the space may bypass whenever the configuration has such a rule.
 */
export function evaluateMergeRules(rules: MergeRules, context: MergeRulesContext): MergeRulesVerdict {
  if (rules.type === 'none') return { ok: true };
  for (const rule of rules.rules) {
    if (rule.rule === 'allow_bypass') continue;
    const problem = check(rule, context);
    if (problem === null) continue;
    const failure: MergeRuleFailure = { ok: false, rule: rule.rule, message: `Merge rule ${rule.rule}: ${problem}` };
    return rules.rules.some((r) => r.rule === 'allow_bypass' && maySkip(r, context)) ? { ok: true, bypassed: failure } : failure;
  }
  return { ok: true };
}

/** Every id the rules name in `users`: the merge handler looks up which of them are teams. */
export function idsNamedBy(rules: MergeRules): string[] {
  return rules.type === 'none' ? [] : [...new Set(rules.rules.flatMap((r) => r.users ?? []))];
}

function maySkip(rule: MergeRule, context: MergeRulesContext): boolean {
  const actor = context.evaluation.actor.id;
  return context.actorIsAdmin || (rule.users ?? []).some((id) => id === actor || (context.teams.get(id)?.has(actor) ?? false));
}

/** Null when the rule passes, else what is missing. */
function check(rule: MergeRule, context: MergeRulesContext): string | null {
  const { changeRequest, actor } = context.evaluation;
  const verdicts = [...context.verdicts.values()];
  switch (rule.rule) {
    case 'require_at_least_one_review':
      return verdicts.length > 0 ? null : 'needs a review of its current content by someone other than its author';
    case 'require_at_least_one_approved_review':
      return verdicts.includes('approved') ? null : 'needs an approval of its current content by someone other than its author';
    case 'require_all_reviews_approved': {
      const against = [...context.verdicts].filter(([, status]) => status !== 'approved').map(([reviewer]) => reviewer);
      return against.length === 0 ? null : `changes requested by ${against.join(', ')}`;
    }
    case 'require_specific_reviewers': {
      const missing = (rule.users ?? []).filter((id) => !approvedBy(id, context));
      return missing.length === 0 ? null : `needs the approval of ${missing.join(', ')}`;
    }
    case 'require_one_of_specific_reviewers': {
      const users = rule.users ?? [];
      return users.some((id) => approvedBy(id, context)) ? null : `needs the approval of one of ${users.join(', ') || '(no one listed)'}`;
    }
    case 'require_up_to_date_change_request':
      return changeRequest.outdated ? 'main has moved on: update the change request first' : null;
    case 'require_change_request_subject':
      return hasText(changeRequest.subject) ? null : 'needs a subject';
    case 'require_change_request_description':
      return hasText(changeRequest.description) ? null : 'needs a description';
    case 'require_author_to_merge':
      return actor.id === changeRequest.createdBy.id ? null : 'only its author may merge it';
    case 'require_agent_review':
      // Folio runs no review agent: the rule cannot pass, and a rule an admin set is never silently ignored.
      return 'needs an agent review, and Folio has no review agent';
    case 'custom':
      return customProblem(rule, context);
    default:
      return `unknown rule ${rule.rule}`;
  }
}

/** A listed user approved, or (for a team's id) one of its members did. */
function approvedBy(id: string, context: MergeRulesContext): boolean {
  const members = context.teams.get(id);
  if (!members) return context.verdicts.get(id) === 'approved';
  return [...members].some((member) => context.verdicts.get(member) === 'approved');
}

/** Passes only on `true`: a rule that yields a string or a list has not said yes. */
function customProblem(rule: MergeRule, context: MergeRulesContext): string | null {
  const expression = rule.expression ?? '';
  try {
    if (evaluateExpression(compileExpression(expression, MERGE_RULES_CONTEXT_NAMES), context.evaluation) === true) return null;
    return rule.message || `${expression} is not true`;
  } catch (error) {
    if (!(error instanceof Invalid)) throw error;
    return `${rule.message || expression} (${error.message})`;
  }
}

/** A non-blank string, or a document (the API's JSONDocument) with a leaf of non-blank text. */
function hasText(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  const pending = [value];
  while (pending.length > 0) {
    const node = pending.pop();
    if (node === null || typeof node !== 'object') continue;
    const { object, text } = node as { object?: unknown; text?: unknown };
    if (object === 'leaf' && typeof text === 'string' && text.trim() !== '') return true;
    for (const child of Object.values(node)) pending.push(child);
  }
  return false;
}
