/**
 * The help pages: one page per tool, plain data so the search can read every word. Each page has sections
 * with an id, so screens can link straight to the answer (`/help/<slug>#<section>`).
 */
export type HelpBlock =
  | { kind: 'p'; text: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'steps'; items: string[] }
  | { kind: 'table'; head: string[]; rows: string[][] }
  | { kind: 'note'; text: string };

export interface HelpSection {
  id: string;
  title: string;
  blocks: HelpBlock[];
}

export interface HelpDoc {
  slug: string;
  title: string;
  /** One sentence for the list of pages and the search results. */
  summary: string;
  /** Only administrators see the page (their tools). */
  adminOnly?: boolean;
  sections: HelpSection[];
}

export const p = (text: string): HelpBlock => ({ kind: 'p', text });
export const list = (...items: string[]): HelpBlock => ({ kind: 'list', items });
export const steps = (...items: string[]): HelpBlock => ({ kind: 'steps', items });
export const note = (text: string): HelpBlock => ({ kind: 'note', text });
export const table = (head: string[], rows: string[][]): HelpBlock => ({ kind: 'table', head, rows });

/** Every word of a block, for the search. */
export function blockText(block: HelpBlock): string {
  switch (block.kind) {
    case 'p':
    case 'note':
      return block.text;
    case 'list':
    case 'steps':
      return block.items.join(' ');
    case 'table':
      return [...block.head, ...block.rows.flat()].join(' ');
  }
}
