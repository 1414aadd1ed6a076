/** What a pushed revision's commit message may name. */
export interface CommitMessageValues {
  /** The merged change request's subject (none for a direct edit). */
  subject?: string;
  number?: number;
  author: string;
  revision: string;
}

const DIRECT_EDIT = 'Update from Folio';

/**
 * The message of the commit a main revision becomes: `template` with its four placeholders `{subject}`,
 * `{number}`, `{author}`, `{revision}` replaced (nothing else is read in it: no escapes, no expressions);
 * without a template, the change request's `subject (#number)`, or "Update from Folio" for a direct edit.
 */
export function commitMessage(template: string | undefined, values: CommitMessageValues): string {
  const subject = values.subject ?? DIRECT_EDIT;
  if (template === undefined) return values.number === undefined ? subject : `${subject} (#${values.number})`;
  return template.replace(/\{(subject|number|author|revision)\}/g, (_, name: string) => {
    switch (name) {
      case 'subject':
        return subject;
      case 'number':
        return values.number === undefined ? '' : String(values.number);
      case 'author':
        return values.author;
      default:
        return values.revision;
    }
  });
}
