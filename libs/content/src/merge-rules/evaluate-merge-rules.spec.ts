import { MergeRule, MergeRules } from '@folio/platform/domain/merge-rules';
import { Role } from '@folio/platform/domain/roles';
import { effectiveMergeRules, evaluateMergeRules, idsNamedBy } from './evaluate-merge-rules';
import { buildMergeRulesContext, MergeRulesInput, ReviewInput } from './merge-rules-context';

// ann wrote the change request; bob, cat and dan may review; team `writers` is bob and cat.
const t = (minute: number) => `2026-03-01T09:${String(minute).padStart(2, '0')}:00.000Z`;
const review = (reviewer: string, status: ReviewInput['status'], minute: number, outdated = false): ReviewInput & { object: string } => ({
  object: 'change-request-review',
  reviewer: { id: reviewer },
  status,
  outdated,
  createdAt: t(minute),
});
const approved = (reviewer: string, minute = 1) => review(reviewer, 'approved', minute);
const changesRequested = (reviewer: string, minute = 1) => review(reviewer, 'changes-requested', minute);

const input = (over: Partial<MergeRulesInput> & { subject?: string; description?: unknown; outdated?: boolean } = {}): MergeRulesInput => {
  const { subject = 'Install guide', description, outdated = false, ...rest } = over;
  return {
    space: { object: 'space', id: 'sp1', title: 'Handbook', visibility: 'private' },
    changeRequest: { id: 'cr1', createdBy: { id: 'ann' }, subject, ...(description === undefined ? {} : { description }), outdated },
    reviews: [],
    actor: { id: 'ann' },
    actorRole: 'edit',
    teams: new Map([['writers', new Set(['bob', 'cat'])]]),
    ...rest,
  };
};
const rulesOf = (...rules: MergeRule[]): MergeRules => ({ type: 'rules', rules });
const verdict = (rules: MergeRules, over: Parameters<typeof input>[0] = {}) => evaluateMergeRules(rules, buildMergeRulesContext(input(over)));
const doc = (text: string) => ({ object: 'document', nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }] }] });

describe('evaluateMergeRules', () => {
  it.each<[string, MergeRule, Parameters<typeof input>[0], boolean]>([
    // require_at_least_one_review: a current review by someone else, whatever its verdict
    ['no review', { rule: 'require_at_least_one_review' }, {}, false],
    ['an approval', { rule: 'require_at_least_one_review' }, { reviews: [approved('bob')] }, true],
    ['changes requested', { rule: 'require_at_least_one_review' }, { reviews: [changesRequested('bob')] }, true],
    ['only an outdated review', { rule: 'require_at_least_one_review' }, { reviews: [review('bob', 'approved', 1, true)] }, false],
    ["only the author's own", { rule: 'require_at_least_one_review' }, { reviews: [approved('ann')] }, false],
    // require_at_least_one_approved_review
    ['changes requested only', { rule: 'require_at_least_one_approved_review' }, { reviews: [changesRequested('bob')] }, false],
    ['an approval', { rule: 'require_at_least_one_approved_review' }, { reviews: [changesRequested('bob'), approved('cat')] }, true],
    ['an approval later withdrawn', { rule: 'require_at_least_one_approved_review' }, { reviews: [approved('bob', 1), changesRequested('bob', 2)] }, false],
    ['changes requested, then approved', { rule: 'require_at_least_one_approved_review' }, { reviews: [changesRequested('bob', 1), approved('bob', 2)] }, true],
    ['an outdated approval', { rule: 'require_at_least_one_approved_review' }, { reviews: [review('bob', 'approved', 1, true)] }, false],
    ['a self-approval', { rule: 'require_at_least_one_approved_review' }, { reviews: [approved('ann')] }, false],
    // require_all_reviews_approved: every current verdict approves (combine with a rule above to demand one)
    ['no review', { rule: 'require_all_reviews_approved' }, {}, true],
    ['all approve', { rule: 'require_all_reviews_approved' }, { reviews: [approved('bob'), approved('cat')] }, true],
    ['one requests changes', { rule: 'require_all_reviews_approved' }, { reviews: [approved('bob'), changesRequested('cat')] }, false],
    ['changes requested on old content', { rule: 'require_all_reviews_approved' }, { reviews: [approved('bob'), review('cat', 'changes-requested', 1, true)] }, true],
    // require_specific_reviewers: each listed user, or a member of each listed team
    ['all listed approve', { rule: 'require_specific_reviewers', users: ['bob', 'dan'] }, { reviews: [approved('bob'), approved('dan')] }, true],
    ['one listed is missing', { rule: 'require_specific_reviewers', users: ['bob', 'dan'] }, { reviews: [approved('bob')] }, false],
    ['one listed requests changes', { rule: 'require_specific_reviewers', users: ['bob', 'dan'] }, { reviews: [approved('bob'), changesRequested('dan')] }, false],
    ['a team, through a member', { rule: 'require_specific_reviewers', users: ['writers', 'dan'] }, { reviews: [approved('cat'), approved('dan')] }, true],
    ['a team no member approved', { rule: 'require_specific_reviewers', users: ['writers'] }, { reviews: [approved('dan')] }, false],
    ['the author listed, approving their own', { rule: 'require_specific_reviewers', users: ['ann'] }, { reviews: [approved('ann')] }, false],
    // require_one_of_specific_reviewers
    ['one of them approves', { rule: 'require_one_of_specific_reviewers', users: ['bob', 'dan'] }, { reviews: [approved('dan')] }, true],
    ['someone unlisted approves', { rule: 'require_one_of_specific_reviewers', users: ['bob', 'dan'] }, { reviews: [approved('cat')] }, false],
    ['a listed team member approves', { rule: 'require_one_of_specific_reviewers', users: ['writers'] }, { reviews: [approved('bob')] }, true],
    ['nobody listed', { rule: 'require_one_of_specific_reviewers', users: [] }, { reviews: [approved('bob')] }, false],
    // the request itself
    ['up to date', { rule: 'require_up_to_date_change_request' }, {}, true],
    ['outdated', { rule: 'require_up_to_date_change_request' }, { outdated: true }, false],
    ['a subject', { rule: 'require_change_request_subject' }, {}, true],
    ['a blank subject', { rule: 'require_change_request_subject' }, { subject: '  ' }, false],
    ['a description', { rule: 'require_change_request_description' }, { description: doc('Why: the steps changed.') }, true],
    ['a description as text', { rule: 'require_change_request_description' }, { description: 'Why' }, true],
    ['no description', { rule: 'require_change_request_description' }, {}, false],
    ['an empty description', { rule: 'require_change_request_description' }, { description: doc(' ') }, false],
    ['the author merging', { rule: 'require_author_to_merge' }, {}, true],
    ['someone else merging', { rule: 'require_author_to_merge' }, { actor: { id: 'bob' } }, false],
    ['an agent review', { rule: 'require_agent_review' }, { reviews: [approved('bob')] }, false],
    // custom
    ['a true expression', { rule: 'custom', expression: "reviews.length > 0 && space.visibility == 'private'" }, { reviews: [approved('bob')] }, true],
    ['a false expression', { rule: 'custom', expression: 'reviews.length > 0' }, {}, false],
    ['a truthy non-boolean', { rule: 'custom', expression: 'changeRequest.subject' }, {}, false],
    ['an expression failing on the data', { rule: 'custom', expression: 'changeRequest.mergedBy.id == actor.id' }, {}, false],
    ['an expression stored before it was checked', { rule: 'custom', expression: 'process.exit()' }, {}, false],
  ])('%s: %j passes → %s', (_case, rule, over, passes) => {
    const result = verdict(rulesOf(rule), over);
    expect(result.ok).toBe(passes);
    if (!result.ok) expect(result).toEqual({ ok: false, rule: rule.rule, message: expect.stringContaining(`Merge rule ${rule.rule}: `) });
  });

  it('passes with no rules, or rules of type none', () => {
    expect(verdict({ type: 'none' })).toEqual({ ok: true });
    expect(verdict(rulesOf())).toEqual({ ok: true });
  });

  it('answers the first failing rule, in order, with what is missing', () => {
    const rules = rulesOf(
      { rule: 'require_change_request_subject' },
      { rule: 'require_specific_reviewers', users: ['bob', 'writers', 'dan'] },
      { rule: 'require_up_to_date_change_request' },
    );
    expect(verdict(rules, { outdated: true, reviews: [approved('bob')] })).toEqual({
      ok: false,
      rule: 'require_specific_reviewers',
      message: 'Merge rule require_specific_reviewers: needs the approval of dan',
    });
    expect(verdict(rules, { outdated: true, reviews: [approved('bob'), approved('dan')] })).toMatchObject({ rule: 'require_up_to_date_change_request' });
  });

  it("says a custom rule's own message when it has one", () => {
    const rules = rulesOf({ rule: 'custom', expression: "actor.id == 'dan'", message: 'Only Dan ships docs' });
    expect(verdict(rules)).toEqual({ ok: false, rule: 'custom', message: 'Merge rule custom: Only Dan ships docs' });
    expect(verdict(rules, { actor: { id: 'dan' } })).toEqual({ ok: true });
    const broken = rulesOf({ rule: 'custom', expression: 'changeRequest.mergedBy.id' });
    expect(verdict(broken)).toMatchObject({ message: 'Merge rule custom: changeRequest.mergedBy.id (cannot read "id" of undefined)' });
  });

  describe('allow_bypass', () => {
    const strict = (...bypass: MergeRule[]) => rulesOf({ rule: 'require_at_least_one_approved_review' }, { rule: 'require_author_to_merge' }, ...bypass);

    it.each<[string, MergeRule[], { id: string }, Role | null, boolean]>([
      ['a listed user', [{ rule: 'allow_bypass', users: ['bob'] }], { id: 'bob' }, 'edit', true],
      ['a member of a listed team', [{ rule: 'allow_bypass', users: ['writers'] }], { id: 'cat' }, 'edit', true],
      ['someone unlisted', [{ rule: 'allow_bypass', users: ['bob'] }], { id: 'dan' }, 'edit', false],
      ['an admin, unlisted', [{ rule: 'allow_bypass', users: ['bob'] }], { id: 'dan' }, 'admin', true],
      ['an admin, nobody listed', [{ rule: 'allow_bypass', users: [] }], { id: 'dan' }, 'admin', true],
      ['an admin without a bypass rule', [], { id: 'dan' }, 'admin', false],
    ])('%s may bypass: %s', (_case, bypass, actor, actorRole, passes) => {
      const result = verdict(strict(...bypass), { actor, actorRole });
      expect(result.ok).toBe(passes);
      if (passes) expect(result).toEqual({ ok: true, bypassed: expect.objectContaining({ rule: 'require_at_least_one_approved_review' }) });
    });

    it('wherever it stands in the list, and reports nothing bypassed when every rule passes', () => {
      const rules = rulesOf({ rule: 'allow_bypass', users: ['bob'] }, { rule: 'require_up_to_date_change_request' });
      expect(verdict(rules, { actor: { id: 'bob' }, outdated: true })).toMatchObject({ ok: true, bypassed: { rule: 'require_up_to_date_change_request' } });
      expect(verdict(rules, { actor: { id: 'bob' } })).toEqual({ ok: true });
    });
  });

  it('resolves inherit to the organization’s rules', () => {
    const organization = rulesOf({ rule: 'require_at_least_one_review' });
    expect(effectiveMergeRules({ type: 'inherit' }, organization)).toBe(organization);
    expect(effectiveMergeRules({ type: 'none' }, organization)).toEqual({ type: 'none' });
    const own = rulesOf({ rule: 'require_author_to_merge' });
    expect(effectiveMergeRules(own, organization)).toBe(own);
  });

  it('lists the ids the rules name, once each, for the team lookup', () => {
    const rules = rulesOf(
      { rule: 'require_specific_reviewers', users: ['bob', 'writers'] },
      { rule: 'allow_bypass', users: ['bob', 'dan'] },
      { rule: 'require_author_to_merge' },
    );
    expect(idsNamedBy(rules)).toEqual(['bob', 'writers', 'dan']);
    expect(idsNamedBy({ type: 'none' })).toEqual([]);
  });
});

describe('buildMergeRulesContext', () => {
  it("keeps each reviewer's latest current verdict, never the author's", () => {
    const context = buildMergeRulesContext(
      input({ reviews: [approved('bob', 3), changesRequested('bob', 2), review('cat', 'approved', 5, true), changesRequested('cat', 4), approved('ann', 6)] }),
    );
    expect([...context.verdicts]).toEqual([
      ['bob', 'approved'],
      ['cat', 'changes-requested'],
    ]);
  });

  it('hands expressions plain JSON copies of the resources: no instances, functions or shared objects', () => {
    class SpaceResource {
      readonly object = 'space';
      readonly id = 'sp1';
      get hidden() {
        return 'getter';
      }
      method() {
        return 'method';
      }
    }
    const given = input({ space: new SpaceResource() });
    const context = buildMergeRulesContext(given);
    expect(context.evaluation.space).toEqual({ object: 'space', id: 'sp1' });
    expect(Object.getPrototypeOf(context.evaluation.space)).toBe(Object.prototype);
    expect(context.evaluation.changeRequest).toEqual(given.changeRequest);
    expect(context.evaluation.changeRequest).not.toBe(given.changeRequest);
    expect(context.actorIsAdmin).toBe(false);
    expect(buildMergeRulesContext(input({ actorRole: 'admin' })).actorIsAdmin).toBe(true);
  });

  it('gives custom expressions the whole resources the API answers', () => {
    const rules = rulesOf({ rule: 'custom', expression: "space.title == 'Handbook' && reviews[0].object == 'change-request-review'" });
    expect(verdict(rules, { reviews: [approved('bob')] })).toEqual({ ok: true });
  });
});
