/**
 * A built-in space template: pages as data (GitBook markdown, titles, nesting) that
 * POST /spaces/{id}/content/template and a change request created with `template` insert.
 */
export interface SpaceTemplate {
  /** What ApplySpaceTemplate's `id` names. */
  id: string;
  title: string;
  description: string;
  /**
   * The names `params.contentRefs` may fill, each with what it is for. A page links to one as
   * `[text](template:<name>)` (or a `{% content-ref url="template:<name>" %}` block): filled, the link points
   * at the given reference; left unfilled, the text stays without its link (the block goes).
   */
  placeholders: Readonly<Record<string, string>>;
  pages: readonly TemplatePage[];
}

export interface TemplatePage {
  /** Unique in the template: another of its pages links here as `/pages/<name>`. */
  name: string;
  title: string;
  emoji?: string;
  description?: string;
  /** The body, without the title (which `title` holds). */
  markdown: string;
  children?: readonly TemplatePage[];
}
