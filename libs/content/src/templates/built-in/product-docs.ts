import { SpaceTemplate } from '../space-template';

/** A product's documentation: what it is, how to start, guides for the main tasks, and help. */
export const productDocs: SpaceTemplate = {
  id: 'product-docs',
  title: 'Product documentation',
  description: 'An overview, a quickstart, task guides and troubleshooting for a product.',
  placeholders: {
    website: "The product's home page",
    support: 'Where readers get help: a support page, a page of another space, a URL',
  },
  pages: [
    {
      name: 'overview',
      title: 'Overview',
      emoji: '👋',
      description: 'What the product does and where to go next.',
      markdown: `Welcome to the documentation of [our product](template:website). This page tells you what it does; the
pages below show you how.

## What it does

- **Collects** the data your team already produces, without a new tool to learn.
- **Organizes** it into projects everyone can search.
- **Shares** the result with the people who need it, and only them.

## Where to go next

{% hint style="info" %}
New here? The [Quickstart](/pages/quickstart) takes five minutes and ends with a working project.
{% endhint %}

| If you want to… | Read |
| --- | --- |
| try the product | [Quickstart](/pages/quickstart) |
| set it up for a team | [Configuration](/pages/configuration) |
| fix something | [Troubleshooting](/pages/troubleshooting) |
`,
    },
    {
      name: 'quickstart',
      title: 'Quickstart',
      emoji: '🚀',
      description: 'From nothing to a first project in five minutes.',
      markdown: `## Before you start

You need an account and a terminal. Nothing else is installed on your machine.

## 1. Install the command-line tool

\`\`\`bash
npm install --global example-cli
example login
\`\`\`

## 2. Create a project

\`\`\`bash
example projects create "My first project"
\`\`\`

## 3. Invite your team

Open the project's settings and add people by email. Each person gets a role: see
[Configuration](/pages/configuration) for what each role may do.

{% hint style="success" %}
That's it: your project is live. Next, read the [guides](/pages/guides) for everyday tasks.
{% endhint %}
`,
    },
    {
      name: 'guides',
      title: 'Guides',
      emoji: '📘',
      description: 'How to do the things people do every day.',
      markdown: `Step-by-step instructions for the main tasks. Each guide stands on its own.

{% content-ref url="/pages/configuration" %}
[Configuration](/pages/configuration)
{% endcontent-ref %}

{% content-ref url="/pages/integrations" %}
[Integrations](/pages/integrations)
{% endcontent-ref %}
`,
      children: [
        {
          name: 'configuration',
          title: 'Configuration',
          description: 'Settings, roles and environments.',
          markdown: `## Roles

| Role | May |
| --- | --- |
| Viewer | read everything in the project |
| Editor | change content, invite viewers |
| Admin | change settings, invite anyone, delete the project |

## Environments

Each project has a \`production\` environment; add \`staging\` for changes you want to try first.

\`\`\`yaml
environments:
  - name: production
    protected: true
  - name: staging
\`\`\`

{% hint style="warning" %}
Changing a protected environment needs an admin's approval.
{% endhint %}
`,
        },
        {
          name: 'integrations',
          title: 'Integrations',
          description: 'Connect the tools your team already uses.',
          markdown: `The product connects to chat, issue trackers and storage. Open **Settings → Integrations**, pick one
and follow its steps.

1. Choose the integration.
2. Authorize access with the other tool's account.
3. Pick which projects it may see.

Remove an integration at any time: the data it brought in stays.
`,
        },
      ],
    },
    {
      name: 'troubleshooting',
      title: 'Troubleshooting',
      emoji: '🛠️',
      description: 'Common problems and their fixes.',
      markdown: `## I cannot log in

Check that your email is the one your invitation was sent to, then reset your password from the login page.

## The command-line tool says \`401 Unauthorized\`

Your session expired. Run \`example login\` again.

## Still stuck?

[Contact support](template:support) with what you tried and what you saw.
`,
    },
  ],
};
