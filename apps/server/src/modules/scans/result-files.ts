import { PassThrough, Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { CSV_RESULT_COLUMNS, type DealProduct, type DownloadFormat } from '@dealradar/shared/contracts/scans';
import { XLSX_STYLE, XlsxStreamWriter, type XlsxCellInput } from '@dealradar/shared/xlsx-writer';
import { breakdownConversion, toListCurrency } from '@dealradar/shared/money';
import { LISTING_RESTRICTION_LABELS } from '@dealradar/shared/contracts/seller-account';

/**
 * The result files of both analyzers (CSV Template results, the supplier analyzer's live deals) in three formats:
 * - csv: comma-separated, dot decimals (SPEC §7, the default);
 * - excel-csv: "CSV for Excel": semicolons and decimal commas, as a European spreadsheet opens it without an import
 *   dialog; EANs and all-digit ASINs written as ="…" so Excel keeps them as text (leading zeros, no 4,00638E+12);
 * - xlsx: a workbook with number cells for numbers and amounts (two decimals shown), text cells for codes.
 * One currency per file: every money column in EUR and `currency` says EUR; fxRate/fxDate are the EUR → market rate
 * the profit was computed with; amazonPriceMarketCurrency is the buy box as the market shows it (marketCurrency), and
 * every breakdown amount has a …MarketCurrency column beside its EUR one (the money rule, docs/money.md: the EUR
 * amount is the market amount ÷ fxRate to the cent, as the deal card and the breakdown show them).
 * The all-markets columns (bestMarketProfit, runnerUpProfit) are in comparisonCurrency, the region's currency.
 * Formula injection: a text cell beginning with = + - @ (or tab / CR) gets a leading apostrophe in the CSV formats
 * (an XLSX text cell is never a formula).
 */

type Column = (typeof CSV_RESULT_COLUMNS)[number];
type Kind = 'text' | 'code' | 'money' | 'number' | 'date';

const KINDS: Partial<Record<Column, Kind>> = {
  ean: 'code',
  asin: 'code',
  supplierPrice: 'money',
  casePrice: 'money',
  amazonPrice: 'money',
  estimatedProfit: 'money',
  maxBuyPrice: 'money',
  vat: 'money',
  referralFee: 'money',
  fbaFee: 'money',
  amazonPriceMarketCurrency: 'money',
  estimatedProfitMarketCurrency: 'money',
  costMarketCurrency: 'money',
  vatMarketCurrency: 'money',
  referralFeeMarketCurrency: 'money',
  fbaFeeMarketCurrency: 'money',
  breakEvenPriceMarketCurrency: 'money',
  buyBoxAvg30: 'money',
  buyBoxAvg90: 'money',
  profitableDays90Percentage: 'number',
  roiPercentage: 'number',
  minRoiPercentage: 'number',
  unitsPerPrice: 'number',
  mainCategoryRank: 'number',
  beautyCategoryRank: 'number',
  estimatedMonthlySales: 'number',
  rating: 'number',
  reviewCount: 'number',
  numberOfSellers: 'number',
  numberOfPacks: 'number',
  fxRate: 'number',
  supplierPriceOriginal: 'money',
  supplierVatRatePercentage: 'number',
  supplierFxRate: 'number',
  createdAt: 'date',
  bestMarketProfit: 'money',
  bestMarketRoiPercentage: 'number',
  runnerUpProfit: 'money',
  runnerUpProfitEur: 'money',
  comparisonFxRate: 'number',
  runnerUpRoiPercentage: 'number',
  estimatedUnitsPerMonth: 'number',
  estimatedSellerUnitsPerMonth: 'number',
  estimatedMonthlyProfit: 'money',
};
const kindOf = (column: Column): Kind => KINDS[column] ?? 'text';

/** One result row as the file shows it. */
export interface ResultFileRow {
  product: DealProduct;
  isDeal: boolean;
}

/** Market-currency amount of the breakdown → EUR (to the cent) with the rate of the scan: the shared money rule. */
function eurOf(amount: number, breakdown: DealProduct['breakdown']): number {
  const conversion = breakdownConversion(breakdown, 'EUR');
  return conversion ? toListCurrency(amount, conversion) : amount;
}

export function resultValues({ product: p, isDeal }: ResultFileRow): Record<Column, string | number | null> {
  const b = p.breakdown;
  // All markets: the best market and the runner-up in the region's currency; empty for single-market deals.
  const c = p.marketComparison ?? null;
  return {
    ean: p.ean,
    asin: p.asin,
    market: p.market,
    productName: p.productName,
    brand: p.brand,
    supplierName: p.supplierName,
    supplierPrice: p.supplierPrice,
    casePrice: p.casePrice,
    unitsPerPrice: p.unitsPerPrice,
    amazonPrice: p.amazonPrice,
    estimatedProfit: p.estimatedProfit,
    roiPercentage: p.roiPercentage,
    maxBuyPrice: p.maxBuyPrice,
    minRoiPercentage: Math.round(p.minRoi * 10000) / 100,
    isDeal: isDeal ? 'yes' : 'no',
    mainCategoryRank: p.mainCategoryRank,
    beautyCategoryRank: p.beautyCategoryRank,
    estimatedMonthlySales: p.estimatedMonthlySales,
    rating: p.rating,
    reviewCount: p.reviewCount,
    numberOfSellers: p.numberOfSellers,
    buyBoxSellerId: p.buyBoxSellerId,
    amazonHoldsBuyBox: p.amazonHoldsBuyBox ? 'yes' : 'no',
    numberOfPacks: b.numberOfPacks,
    warnings: p.warnings.map((w) => w.code).join(' | '),
    warningReasons: p.warnings.map((w) => w.reason).join(' | '),
    buyBoxAvg30: p.buyBoxAvg30,
    buyBoxAvg90: p.buyBoxAvg90,
    profitableDays90Percentage: p.profitableShare90 === null ? null : Math.round(p.profitableShare90 * 1000) / 10,
    currency: 'EUR',
    fxRate: b.fxRate,
    fxDate: b.fxDate,
    marketCurrency: b.currency,
    amazonPriceMarketCurrency: b.price,
    // The supplier's price as written; supplierPrice/casePrice above are its EUR net.
    supplierCurrency: b.supplierCost?.currency ?? null,
    supplierPriceOriginal: b.supplierCost?.price ?? null,
    supplierPriceIncludesVat: b.supplierCost ? (b.supplierCost.includesVat ? 'yes' : 'no') : null,
    supplierVatRatePercentage: b.supplierCost ? Math.round(b.supplierCost.vatRate * 10000) / 100 : null,
    supplierFxRate: b.supplierCost?.fxRate ?? null,
    supplierFxDate: b.supplierCost?.fxDate ?? null,
    vat: eurOf(b.vat, b),
    referralFee: eurOf(b.referralFee, b),
    fbaFee: eurOf(b.fbaFee, b),
    estimatedProfitMarketCurrency: b.profit,
    costMarketCurrency: b.cost,
    vatMarketCurrency: b.vat,
    referralFeeMarketCurrency: b.referralFee,
    fbaFeeMarketCurrency: b.fbaFee,
    breakEvenPriceMarketCurrency: b.breakEvenPrice ?? null,
    marketplaceUrl: p.marketplaceUrl,
    imageUrl: p.imageUrl,
    createdAt: p.createdAt,
    comparisonCurrency: c?.currency ?? null,
    bestMarket: c?.best.market ?? null,
    bestMarketProfit: c?.best.profit ?? null,
    bestMarketRoiPercentage: c?.best.roiPercentage ?? null,
    runnerUpMarket: c?.runnerUp?.market ?? null,
    runnerUpProfit: c?.runnerUp?.profit ?? null,
    runnerUpRoiPercentage: c?.runnerUp?.roiPercentage ?? null,
    dealMarkets: c ? c.dealMarkets.map((m) => m.market).join(' | ') : null,
    comparisonFxRate: c?.fxRate ?? null,
    runnerUpProfitEur: c?.runnerUp?.listProfit ?? null,
    listingRestriction: p.listingRestriction ? LISTING_RESTRICTION_LABELS[p.listingRestriction.status] : null,
    listingApprovalUrl: p.listingRestriction?.approvalUrl ?? null,
    // Estimates (docs/sales-estimate.md): the basis says what the units rest on; empty without sales data.
    estimatedUnitsPerMonth: p.salesEstimate?.unitsPerMonth ?? null,
    salesEstimateBasis: p.salesEstimate ? `estimate: ${p.salesEstimate.basisText}` : null,
    estimatedSellerUnitsPerMonth: p.salesEstimate?.sellerUnitsPerMonth ?? null,
    estimatedMonthlyProfit: p.estimatedMonthlyProfit ?? null,
  };
}

/**
 * Spreadsheet formula injection: a text cell starting with = + - @ (or tab / carriage return) gets a leading
 * apostrophe. Numbers we wrote ourselves ('-3.5') are left as numbers.
 */
export function neutralizeCell(value: string): string {
  if (/^-?\d+(\.\d+)?$/.test(value)) return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export function csvCell(value: unknown, delimiter: ',' | ';' = ','): string {
  if (value === null || value === undefined) return '';
  const text = neutralizeCell(value instanceof Date ? value.toISOString() : String(value));
  return text.includes(delimiter) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A cell of "CSV for Excel": decimal comma for numbers, codes kept as text. */
function excelCsvCell(column: Column, value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value).replace('.', ',');
  if (kindOf(column) === 'code' && /^\d+$/.test(value)) return `="${value}"`;
  return csvCell(value, ';');
}

function csvLine(values: Record<Column, string | number | null>, format: 'csv' | 'excel-csv'): string {
  if (format === 'csv') return CSV_RESULT_COLUMNS.map((c) => csvCell(values[c])).join(',');
  return CSV_RESULT_COLUMNS.map((c) => excelCsvCell(c, values[c])).join(';');
}

const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

function xlsxCell(column: Column, value: string | number | null): { cell: XlsxCellInput; style?: number } {
  if (value === null || value === '') return { cell: null };
  const kind = kindOf(column);
  if (kind === 'money' && typeof value === 'number') return { cell: value, style: XLSX_STYLE.money };
  if (kind === 'number' && typeof value === 'number') return { cell: value };
  if (kind === 'date' && typeof value === 'string') {
    const ms = Date.parse(value);
    if (Number.isFinite(ms)) return { cell: (ms - EXCEL_EPOCH_MS) / 86_400_000, style: XLSX_STYLE.dateTime };
  }
  return { cell: String(value) };
}

/** Sends a file download (attachment, never cached). */
export function sendDownload(reply: FastifyReply, file: { contentType: string; fileName: string }, body: Readable): FastifyReply {
  return reply.type(file.contentType).header('content-disposition', `attachment; filename="${file.fileName}"`).header('cache-control', 'no-store').send(body);
}

export const DOWNLOAD_TYPES: Record<DownloadFormat, { contentType: string; extension: string }> = {
  csv: { contentType: 'text/csv; charset=utf-8', extension: 'csv' },
  'excel-csv': { contentType: 'text/csv; charset=utf-8', extension: 'csv' },
  xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: 'xlsx' },
};

/** The file of the given format from pages of rows (an async source the caller reads from the database). */
export function resultFileStream(format: DownloadFormat, pages: AsyncIterable<ResultFileRow[]>, sheetName: string): Readable {
  if (format !== 'xlsx') {
    const csvFormat: 'csv' | 'excel-csv' = format;
    async function* text() {
      yield `\uFEFF${CSV_RESULT_COLUMNS.join(csvFormat === 'csv' ? ',' : ';')}\r\n`;
      for await (const page of pages) yield page.map((row) => `${csvLine(resultValues(row), csvFormat)}\r\n`).join('');
    }
    return Readable.from(text());
  }
  const out = new PassThrough();
  const writer = new XlsxStreamWriter(
    sheetName,
    (chunk, final) => {
      out.write(Buffer.from(chunk));
      if (final) out.end();
    },
    (error) => out.destroy(error),
  );
  writer.row(
    [...CSV_RESULT_COLUMNS],
    CSV_RESULT_COLUMNS.map(() => XLSX_STYLE.header),
  );
  void (async () => {
    try {
      for await (const page of pages) {
        for (const row of page) {
          const values = resultValues(row);
          const cells = CSV_RESULT_COLUMNS.map((c) => xlsxCell(c, values[c]));
          writer.row(
            cells.map((c) => c.cell),
            cells.map((c) => c.style),
          );
        }
        // Let the response drain before the next page (the workbook is compressed as it is written).
        if (out.writableLength > 1024 * 1024) await new Promise((resolve) => out.once('drain', resolve));
      }
      writer.end();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return out;
}
