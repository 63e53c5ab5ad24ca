import { blockText, type HelpDoc } from './docs/help-doc.ts';

export interface DocHit {
  slug: string;
  docTitle: string;
  sectionId: string;
  sectionTitle: string;
  /** The words around the first match. */
  snippet: string;
}

/** Lower case, accents removed (Oréal → oreal), so "loreal" and "L'Oréal" meet. */
export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

const SNIPPET_CHARS = 160;

function snippetAround(text: string, term: string): string {
  const at = normalize(text).indexOf(term);
  const start = Math.max(0, at - 60);
  const cut = text.slice(start, start + SNIPPET_CHARS).trim();
  return `${start > 0 ? '…' : ''}${cut}${start + SNIPPET_CHARS < text.length ? '…' : ''}`;
}

/**
 * Sections that contain every word of the query (in the page title, the section title or the text), best first:
 * a match in a title ranks above one in the text. Empty queries find nothing.
 */
export function searchDocs(docs: readonly HelpDoc[], query: string, limit = 20): DocHit[] {
  const terms = normalize(query)
    .split(/[^\p{L}\p{N}%€£$.,]+/u)
    .map((t) => t.replace(/^[.,]+|[.,]+$/g, ''))
    .filter((t) => t.length > 1);
  if (terms.length === 0) return [];
  const hits: Array<DocHit & { score: number }> = [];
  for (const doc of docs) {
    for (const section of doc.sections) {
      const body = section.blocks.map(blockText).join(' ');
      const titles = normalize(`${doc.title} ${section.title}`);
      const all = `${titles} ${normalize(body)}`;
      if (!terms.every((t) => all.includes(t))) continue;
      const score = terms.reduce((sum, t) => sum + (titles.includes(t) ? 3 : 1), 0);
      const firstInBody = terms.find((t) => normalize(body).includes(t));
      hits.push({
        slug: doc.slug,
        docTitle: doc.title,
        sectionId: section.id,
        sectionTitle: section.title,
        snippet: firstInBody ? snippetAround(body, firstInBody) : body.slice(0, SNIPPET_CHARS),
        score,
      });
    }
  }
  return hits
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map(({ score: _score, ...hit }) => hit);
}
