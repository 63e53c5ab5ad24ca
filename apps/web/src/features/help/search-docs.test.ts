import { describe, expect, it } from 'vitest';
import { docsFor, HELP_DOCS } from './help-docs.ts';
import { normalize, searchDocs } from './search-docs.ts';

describe('help docs search', () => {
  it('finds the section that holds every word, titles first', () => {
    const hits = searchDocs(HELP_DOCS, 'referral fee');
    expect(hits[0]).toMatchObject({ slug: 'profit-and-roi', sectionId: 'referral-fees' });
    expect(hits.every((h) => h.snippet.length > 0)).toBe(true);
  });
  it('reads case prices, the price-drop schedule and plan limits', () => {
    expect(searchDocs(HELP_DOCS, 'case price')[0]).toMatchObject({ slug: 'supplier-files', sectionId: 'case-prices' });
    expect(searchDocs(HELP_DOCS, 'weekends schedule')[0]).toMatchObject({ slug: 'price-alerts', sectionId: 'schedule' });
    expect(searchDocs(HELP_DOCS, 'brand checks per day').map((h) => h.slug)).toContain('plans-and-limits');
  });
  it('ignores case and accents, needs every word, and finds nothing for an empty query', () => {
    expect(normalize("L'ORÉAL")).toBe("l'oreal");
    expect(searchDocs(HELP_DOCS, 'XLSX').map((h) => h.slug)).toContain('supplier-files');
    expect(searchDocs(HELP_DOCS, 'xlsx zebra')).toEqual([]);
    expect(searchDocs(HELP_DOCS, '  ')).toEqual([]);
  });
  it("keeps administrators' pages from other users", () => {
    expect(docsFor(false).some((d) => d.adminOnly)).toBe(false);
    expect(docsFor(true).map((d) => d.slug)).toContain('users-admin');
    expect(searchDocs(docsFor(false), 'deactivate').map((h) => h.slug)).not.toContain('users-admin');
  });
  it('every page and section has a unique id for links', () => {
    const slugs = HELP_DOCS.map((d) => d.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const doc of HELP_DOCS) {
      const ids = doc.sections.map((s) => s.id);
      expect(new Set(ids).size, doc.slug).toBe(ids.length);
    }
  });
});
