import { SpaceTemplate } from '../space-template';

/** A REST API's reference: authentication, conventions, one page per resource, and errors. */
export const apiReference: SpaceTemplate = {
  id: 'api-reference',
  title: 'API reference',
  description: 'Authentication, pagination and errors, and a page for each resource of a REST API.',
  placeholders: {
    specification: 'The OpenAPI document of the API: a file, a URL or a page',
    console: 'Where developers create their API keys',
  },
  pages: [
    {
      name: 'introduction',
      title: 'Introduction',
      emoji: '📡',
      description: 'What the API offers and how requests look.',
      markdown: `The API is organized around REST: resources have predictable URLs, requests and responses are JSON, and
errors use standard HTTP status codes. The machine-readable description is in
[the OpenAPI specification](template:specification).

\`\`\`bash
curl https://api.example.com/v1/projects \\
  -H "Authorization: Bearer $API_KEY"
\`\`\`

{% content-ref url="/pages/authentication" %}
[Authentication](/pages/authentication)
{% endcontent-ref %}
`,
    },
    {
      name: 'authentication',
      title: 'Authentication',
      emoji: '🔑',
      description: 'API keys and how to send them.',
      markdown: `Every request carries an API key in the \`Authorization\` header. Create keys in
[the developer console](template:console); a key is shown once, so store it in a secret manager.

{% tabs %}
{% tab title="curl" %}
\`\`\`bash
curl https://api.example.com/v1/me -H "Authorization: Bearer $API_KEY"
\`\`\`
{% endtab %}

{% tab title="JavaScript" %}
\`\`\`javascript
const response = await fetch('https://api.example.com/v1/me', {
  headers: { Authorization: \`Bearer \${process.env.API_KEY}\` },
});
\`\`\`
{% endtab %}
{% endtabs %}

{% hint style="danger" %}
Never put a key in code that runs in a browser: anyone can read it there.
{% endhint %}
`,
    },
    {
      name: 'pagination',
      title: 'Pagination',
      description: 'How lists are split into pages.',
      markdown: `Lists answer \`{ items, next }\`. Pass \`next.page\` as the \`page\` parameter to get the following page;
the last page has no \`next\`.

| Parameter | Default | Meaning |
| --- | --- | --- |
| \`limit\` | 100 | Items per page, 1 to 1000 |
| \`page\` | | The cursor from the previous page |
`,
    },
    {
      name: 'resources',
      title: 'Resources',
      emoji: '📚',
      description: 'One page for each kind of object the API manages.',
      markdown: `Each resource page lists its fields and its operations.

- [Projects](/pages/projects)
- [Members](/pages/members)
`,
      children: [
        {
          name: 'projects',
          title: 'Projects',
          markdown: `A project holds your team's work.

## The project object

| Field | Type | Description |
| --- | --- | --- |
| \`id\` | string | Unique identifier |
| \`name\` | string | Shown in the interface |
| \`createdAt\` | string | ISO 8601 timestamp |

## Operations

| Method | Path | Does |
| --- | --- | --- |
| \`GET\` | \`/v1/projects\` | List projects ([paginated](/pages/pagination)) |
| \`POST\` | \`/v1/projects\` | Create a project |
| \`GET\` | \`/v1/projects/{id}\` | Get one project |
| \`DELETE\` | \`/v1/projects/{id}\` | Delete a project |
`,
        },
        {
          name: 'members',
          title: 'Members',
          markdown: `Members are the people with access to a project, each with a role.

\`\`\`json
{
  "object": "member",
  "id": "mem_123",
  "role": "editor"
}
\`\`\`

\`POST /v1/projects/{id}/members\` adds one; \`DELETE /v1/projects/{id}/members/{memberId}\` removes one.
`,
        },
      ],
    },
    {
      name: 'errors',
      title: 'Errors',
      emoji: '⚠️',
      description: 'Status codes and the error body.',
      markdown: `Errors answer a JSON body with the status and a message:

\`\`\`json
{ "error": { "code": 404, "message": "project not found" } }
\`\`\`

| Status | Meaning |
| --- | --- |
| 400 | The request is invalid; the message names the field |
| 401 | The API key is missing or unknown |
| 403 | The key may not do this |
| 404 | No such resource, or you may not see it |
| 429 | Too many requests: retry after the \`Retry-After\` header |
`,
    },
  ],
};
