// The PDF export at scale: a change request on the 5,000-page space, printing one section (a root page and
// its 49 subpages, ~1 KB of markdown each) and one page alone; the whole space is over the page limit.
import { Folio } from './folio';

export interface PdfFigures {
  /** GET …/pdf?page=<section root>: 50 pages printed, stored and signed. */
  sectionMs: number;
  sectionBytes: number;
  /** GET …/pdf?page=<section root>&only=true. */
  onePageMs: number;
  /** Status of GET …/pdf for the whole 5,000-page head (400: more than MAX_PRINTED_PAGES). */
  wholeSpaceStatus: number;
}

/** `sectionRootId`: a page of the space with 49 subpages (bench/content.ts's sections are such pages). */
export async function measurePdf(folio: Folio, spaceId: string, sectionRootId: string): Promise<PdfFigures> {
  const cr = JSON.parse((await folio.call('POST', `/v1/spaces/${spaceId}/change-requests`, { subject: 'PDF bench' })).text) as { id: string };
  const path = `/v1/spaces/${spaceId}/change-requests/${cr.id}/pdf`;
  const timed = async (query: string) => {
    const started = performance.now();
    const { url } = JSON.parse((await folio.call('GET', `${path}?${query}`)).text) as { url: string };
    return { ms: performance.now() - started, url };
  };
  const section = await timed(`page=${sectionRootId}`);
  const sectionBytes = (await (await fetch(section.url)).arrayBuffer()).byteLength;
  const onePage = await timed(`page=${sectionRootId}&only=true`);
  // Main's PDF of the whole space (a change request's prints only the pages it changed: none here).
  const whole = await fetch(`${folio.url}/v1/spaces/${spaceId}/pdf`, { headers: { authorization: `Bearer ${folio.token}` } });
  return { sectionMs: Math.round(section.ms), sectionBytes, onePageMs: Math.round(onePage.ms), wholeSpaceStatus: whole.status };
}
