import { SpaceTemplate } from '../space-template';

/** Release notes: one page per release under a yearly page, newest first, with a policy page. */
export const changelog: SpaceTemplate = {
  id: 'changelog',
  title: 'Changelog',
  description: 'Release notes, newest first, and how versions are numbered.',
  placeholders: {
    product: "The product's documentation these notes are about: a space, a page or a URL",
  },
  pages: [
    {
      name: 'changelog',
      title: 'Changelog',
      emoji: '📣',
      description: 'What changed in each release.',
      markdown: `Every release of [the product](template:product), newest first. Versions follow
[our versioning policy](/pages/versioning).

| Version | Released | Highlights |
| --- | --- | --- |
| [2.0.0](/pages/v2-0-0) | 2026-03-02 | New dashboard, faster search |
| [1.1.0](/pages/v1-1-0) | 2026-01-19 | Exports to CSV |
`,
      children: [
        {
          name: 'v2-0-0',
          title: '2.0.0',
          emoji: '🎉',
          description: 'New dashboard, faster search.',
          markdown: `## Added

- A new dashboard that shows every project at a glance.

## Changed

- Search answers in half the time.

## Removed

- The legacy \`/v0\` endpoints.

{% hint style="warning" %}
**Breaking change**: clients of \`/v0\` must move to \`/v1\` before upgrading.
{% endhint %}
`,
        },
        {
          name: 'v1-1-0',
          title: '1.1.0',
          description: 'Exports to CSV.',
          markdown: `## Added

- Export any list to CSV.

## Fixed

- Dates are shown in the reader's time zone.
`,
        },
      ],
    },
    {
      name: 'versioning',
      title: 'Versioning policy',
      emoji: '🔢',
      description: 'What a version number promises.',
      markdown: `Versions are \`MAJOR.MINOR.PATCH\` ([semantic versioning](https://semver.org)):

- **MAJOR** changes may break your integration; the notes say how to upgrade.
- **MINOR** adds features without breaking anything.
- **PATCH** fixes bugs only.

Each major version is supported for 12 months after the next one is released.
`,
    },
  ],
};
