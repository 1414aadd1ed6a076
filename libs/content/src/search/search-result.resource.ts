import { SearchHit } from '@folio/platform/search/search.port';
import { foldText, searchTerms } from '@folio/platform/search/search-terms';
import { SearchPageDoc } from './search.projection';

export interface SearchSectionResource {
  id: string;
  title: string;
  path: string;
  score: number;
  resultType: 'section';
  body: string;
  urls: { app: string };
}

export interface SearchPageResource {
  id: string;
  title: string;
  description: string;
  path: string;
  score: number;
  rank: number;
  resultType: 'page' | 'section';
  sections: SearchSectionResource[];
  ancestors: { title: string }[];
  urls: { app: string };
}

export interface SearchSpaceResource {
  type: 'space';
  id: string;
  title: string;
  score: number;
  pages: SearchPageResource[];
}

/** Sections shown with a hit: the ones whose title or text holds a word of the query. */
const MAX_SECTIONS = 3;

/** Tells, for the hits of one query, whether a text holds one of its words (the last one as a prefix). */
export function wordMatcher(query: string): (text: string) => boolean {
  const { words, lastIsPrefix } = searchTerms(query);
  const patterns = words.map((w, i) => new RegExp(`(?<![\\p{L}\\p{N}])${w}${lastIsPrefix && i === words.length - 1 ? '' : '(?![\\p{L}\\p{N}])'}`, 'u'));
  return (text) => {
    const folded = foldText(text);
    return patterns.some((p) => p.test(folded));
  };
}

/** A SearchPageResult; `rank` is its one-based place in the whole ranked answer, across pages of it. */
export function searchPageResource(hit: SearchHit<SearchPageDoc>, rank: number, spaceApp: string, matches: (text: string) => boolean): SearchPageResource {
  const { doc, score } = hit;
  const app = doc.path ? `${spaceApp}/${doc.path}` : spaceApp;
  const sections = doc.sections
    .filter((s) => matches(s.title) || matches(s.body))
    .slice(0, MAX_SECTIONS)
    .map((s) => ({
      id: s.id,
      title: s.title,
      path: `${doc.path}#${s.id}`,
      score,
      resultType: 'section' as const,
      body: s.body,
      urls: { app: `${app}#${s.id}` },
    }));
  return {
    id: doc.pageId,
    title: doc.title,
    description: doc.description,
    path: doc.path,
    score,
    rank,
    resultType: matches(doc.title) || matches(doc.description) || sections.length === 0 ? 'page' : 'section',
    sections,
    ancestors: doc.ancestors,
    urls: { app },
  };
}
