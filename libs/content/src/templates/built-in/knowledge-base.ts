import { SpaceTemplate } from '../space-template';

/** A team's internal knowledge base: onboarding, how the team works, and answers to recurring questions. */
export const knowledgeBase: SpaceTemplate = {
  id: 'knowledge-base',
  title: 'Team knowledge base',
  description: 'Onboarding, processes and FAQs: what a team knows, written down once.',
  placeholders: {
    handbook: "The company's handbook, if the team's pages build on one",
  },
  pages: [
    {
      name: 'welcome',
      title: 'Welcome',
      emoji: '🏠',
      description: 'Start here.',
      markdown: `This is where the team writes down what it knows, so nobody has to ask twice. It builds on
[the company handbook](template:handbook).

- New to the team? Read [Onboarding](/pages/onboarding).
- Looking for how we do something? See [How we work](/pages/how-we-work).
- Have a question? Check the [FAQ](/pages/faq) first.

{% hint style="info" %}
Anyone on the team may edit these pages: open a change request and ask a teammate to review it.
{% endhint %}
`,
    },
    {
      name: 'onboarding',
      title: 'Onboarding',
      emoji: '🧭',
      description: 'Your first week.',
      markdown: `## Your first week

- [ ] Get your accounts: email, chat, the code host.
- [ ] Meet your onboarding buddy.
- [ ] Read [How we work](/pages/how-we-work).
- [ ] Ship one small change.

## Who to ask

| About | Ask |
| --- | --- |
| Accounts and access | IT |
| Your tasks | Your manager |
| Everything else | Your buddy |
`,
    },
    {
      name: 'how-we-work',
      title: 'How we work',
      emoji: '⚙️',
      description: 'The processes the team follows.',
      markdown: `How the team plans, decides and ships.

{% content-ref url="/pages/meetings" %}
[Meetings](/pages/meetings)
{% endcontent-ref %}

{% content-ref url="/pages/decisions" %}
[Decisions](/pages/decisions)
{% endcontent-ref %}
`,
      children: [
        {
          name: 'meetings',
          title: 'Meetings',
          markdown: `| Meeting | When | Why |
| --- | --- | --- |
| Planning | Monday, 30 minutes | Agree on the week's priorities |
| Stand-up | Daily, 15 minutes | Unblock each other |
| Retrospective | Every other Friday | Improve how we work |

Every meeting has an agenda in advance and notes afterwards, linked from the calendar invitation.
`,
        },
        {
          name: 'decisions',
          title: 'Decisions',
          markdown: `Decisions that outlive a sprint are written down as short records:

1. **Context**: what forces the decision.
2. **Decision**: what we chose.
3. **Consequences**: what becomes easier, and what harder.

{% hint style="success" %}
A decision can be revisited: write a new record that replaces the old one, and link them.
{% endhint %}
`,
        },
      ],
    },
    {
      name: 'faq',
      title: 'FAQ',
      emoji: '❓',
      description: 'Questions people ask, answered once.',
      markdown: `<details>
<summary>How do I get access to a tool?</summary>

Ask IT in the help channel with the tool's name and why you need it.
</details>

<details>
<summary>Where do I report a bug in our own product?</summary>

In the issue tracker, with the steps to reproduce it and what you expected.
</details>
`,
    },
  ],
};
