import { list, note, p, steps, table, type HelpDoc } from './help-doc.ts';

/** Issue 11's upload rules (CSV and XLSX, detected header, case prices, no brand column), as they reach the user. */
export const supplierFilesDoc: HelpDoc = {
  slug: 'supplier-files',
  title: 'Preparing a supplier file',
  summary: 'Which files the analyzers read, which columns they need, and how case prices and missing brands are handled.',
  sections: [
    {
      id: 'formats',
      title: 'File types and size',
      blocks: [
        list(
          'CSV (.csv) or Excel (.xlsx), up to 50 MB (52,428,800 bytes) per file.',
          'Old Excel files (.xls) are not read: open them in Excel and save them as .xlsx or .csv first.',
          'An Excel file with several sheets: choose the sheet in the column dialog (the first sheet is the default).',
          'The Deals Analyzer takes one file per scan; the CSV Template Analyzer (administrators) takes up to 5 files at once.',
          'CSV files may use a semicolon or a comma between columns: if the file contains a semicolon, the semicolon is the separator. UTF-8 and Windows (Excel) encodings are both read.',
        ),
      ],
    },
    {
      id: 'header',
      title: 'The header row',
      blocks: [
        p(
          'Every column needs a name in a header row. The header does not have to be the first line: title rows, dates or empty lines above it (as many supplier exports have) are skipped, and the column dialog says on which line it found the header.',
        ),
        p(
          'The dialog shows the header and the first 3 rows so you can check that the right columns are chosen. Totals or notes below the last product are skipped too and are not counted as unusable products.',
        ),
      ],
    },
    {
      id: 'columns',
      title: 'Columns',
      blocks: [
        table(
          ['column', 'needed', 'what it holds'],
          [
            ['EAN', 'always', 'The product barcode: EAN/GTIN with 8, 12, 13 or 14 digits (also UPC). Several codes in one cell are split.'],
            [
              'Brand',
              'a column, or "No brand column"',
              'The brand as the supplier writes it. Without one, tick "No brand column: use the brand from the marketplace" and the deals carry the brand of the Amazon listing.',
            ],
            [
              'Price',
              'Deals Analyzer: always; CSV Template Analyzer: optional',
              'The supplier price in euro, excluding VAT. "4,20", "4.20", "1.234,56", "€ 4,20" and "4.20 EUR" are all read.',
            ],
            [
              'Units per price',
              'optional',
              'How many units one price buys (a case of 6, a pack of 12). Choose the column, or type one number for the whole file.',
            ],
          ],
        ),
        p(
          'The dialog chooses the columns it recognizes by their names in English, German, French, Italian, Spanish and Dutch (for example EAN, GTIN, Barcode, Strichcode; Brand, Marke, Marque, Marca, Merk; Price, Preis, Prix, Prezzo, Precio, Prijs, Netto; Units, Pack, Case, Qty, VPE, Colisage, Confezione) and by their content. Always check its choice before you confirm.',
        ),
      ],
    },
    {
      id: 'case-prices',
      title: 'Case prices and pack sizes',
      blocks: [
        p(
          'Many suppliers price a case, not a unit. Tell the dialog how many units the price buys — a units column, or one number typed for the whole file — and the analyzer works with the unit cost: price ÷ units. The profit breakdown shows the case price, the units and the unit cost.',
        ),
        p(
          'On Amazon, a listing may itself be a multipack (for example a 4-pack). The cost of a sale is then 4 × the unit cost; the deal shows the pack count next to the prices.',
        ),
        note(
          'Without units, every price is taken as the price of one unit. A case price read as a unit price makes every product look far too expensive, so check this when a list finds no deals at all.',
        ),
      ],
    },
    {
      id: 'ean-problems',
      title: 'Barcodes that cannot be used',
      blocks: [
        list(
          'Spaces, dashes and spreadsheet markers (="…", a leading apostrophe) are removed; lost leading zeros of 9 to 11 digit codes are put back.',
          'A code in scientific notation that lost digits (4.00638E+12) cannot be repaired: format the EAN column as text in Excel and export again.',
          "A wrong check digit, letters, or a supplier's internal article number are reported as unusable.",
          'When an EAN appears twice, the first row counts; the others are reported as duplicates.',
          'A units cell that is not a whole number of 1 or more, or a price that is not a number, makes its row unusable rather than priced wrongly.',
        ),
        p(
          'After a scan its report counts the rows not used by reason and lists the first ones with their line numbers; "Download the rows not used (CSV)" gives all of them (line, reason, value).',
        ),
      ],
    },
    {
      id: 'example',
      title: 'An example file',
      blocks: [
        table(
          ['EAN', 'Brand', 'Price', 'Units'],
          [
            ['4005808158232', 'Nivea', '17,70', '6'],
            ['3600531142742', 'Maybelline', '4,79', '1'],
          ],
        ),
        steps(
          'Open the Deals Analyzer (csv), choose the Amazon market to compare with, and drop the file.',
          'Check the columns the dialog chose: EAN, Brand, Price and, for case prices, Units.',
          'Confirm: the scan starts, and the deals appear below as they are found.',
        ),
      ],
    },
  ],
};
