import { PAGE_SIZE } from '@dealradar/shared/constants';
import type { Mapping } from '@dealradar/shared/contracts/market-data';
import { marketDataApi } from '@dealradar/shared/contracts/endpoints/market-data';
import { callEndpoint } from '../../lib/api-client.ts';
import { saveBlob } from '../../lib/save-blob.ts';

export const MAPPINGS_EXPORT_FILE = 'ean-asin-mappings.csv';
const COLUMNS = ['ean', 'asin', 'name', 'brand', 'numberOfPacks', 'createdAt'] as const;

/** One CSV field: quoted when it holds a delimiter, quote or line break; formula-leading text is defused. */
function field(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The mappings as a comma-separated file with a header line (the columns of SPEC §3's mapping). */
export function mappingsCsv(mappings: Mapping[]): string {
  const lines = [COLUMNS.join(','), ...mappings.map((m) => COLUMNS.map((c) => field(m[c])).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}

/** Export: every mapping, all pages (100 each, SPEC §9), saved as ean-asin-mappings.csv. */
export async function exportAllMappings(): Promise<number> {
  const all: Mapping[] = [];
  for (let page = 0; ; page += 1) {
    const answer = await callEndpoint(marketDataApi.listMappings, { query: { page, size: PAGE_SIZE } });
    all.push(...answer.content);
    if (page + 1 >= answer.totalPages || answer.content.length === 0) break;
  }
  saveBlob(new Blob([mappingsCsv(all)], { type: 'text/csv;charset=utf-8' }), MAPPINGS_EXPORT_FILE);
  return all.length;
}
