import { list, note, p, steps, table, type HelpDoc } from './help-doc.ts';

/** The upload rules (CSV and XLSX, detected header, case prices, no brand column), as they reach the user. */
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
              'The supplier price, in euro or another currency, with or without VAT (see "Prices in another currency, and prices with VAT"). "4,20", "4.20", "1.234,56", "€ 4,20", "4.20 EUR", "£7.29" and "36,90 zł" are all read; "4,2,0" is not a number.',
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
      id: 'currency-vat',
      title: 'Prices in another currency, and prices with VAT',
      blocks: [
        p(
          'Below the columns the dialog says in which currency the prices are and whether they include VAT, as it found them in the price column\'s name and cells (£, GBP, €, EUR, zł, PLN, $, USD, CAD, SEK, CZK; "inc VAT", "brutto", "TTC", "IVA incl.", "inkl. MwSt", or "ex VAT", "netto", "HT") and in the other columns (a currency column, Polish column names). For example a Qogita export from a UK account ("£ Lowest Price inc. shipping") shows "GBP detected in the column name". Nothing found means euro without VAT: the dialog says so. Change any of it before you confirm.',
        ),
        list(
          "Currency: EUR, GBP, PLN, USD, CAD, SEK or CZK. The price is converted to euro at the day's reference rate (the European Central Bank's); deals show euro, and each deal's profit breakdown shows the price as written, its euro amount, the rate and its day (\"£7.29 · €8.34 at 0.8745 on 20 Nov\"). Downloads have the same in supplierCurrency, supplierPriceOriginal, supplierPriceIncludesVat, supplierVatRatePercentage, supplierFxRate and supplierFxDate.",
          "Prices include VAT: the VAT is taken off at the supplier's VAT rate first (36,90 zł incl. 23 % is 30,00 zł net), and the breakdown shows the VAT removed.",
          'The supplier\'s VAT %: the standard rate of the supplier\'s country, set from the currency (PLN 23 %, GBP 20 %, SEK 25 %, CZK 21 %, CAD 5 %, USD 0 %; euro 21 %, the rate Qogita charges; a Qogita export 21 % in any currency). Change it when your supplier charges another rate. Words in the column name set it too ("MwSt" 19 %, "TTC" 20 %, "incl. 23% VAT").',
          "Your seller profile (Settings) decides what you pay: VAT-registered, you reclaim the supplier's VAT and your cost is the net price; not registered, your cost is the net price plus the supplier's VAT — the gross price.",
          "A kept list remembers its currency and VAT: re-running it converts at that day's rate.",
          'Manual entry has the same choice above its rows.',
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
      id: 'checks-before-confirm',
      title: 'Checks before you confirm, and the report after the scan',
      blocks: [
        p(
          'Once the EAN column is chosen, the dialog reads the whole file (as the scan will) and says, above the Keepa token estimate, what would go wrong before anything is spent:',
        ),
        list(
          'The plan\'s monthly EAN allowance: when the file has more usable EANs than your plan has left this month, the dialog says so, for example "only 100 of 199 EANs will be analyzed". The first ones in the file are analyzed; the others are not, and they do not use your allowance. Put the EANs you care about most at the top, or split the list.',
          'Damaged EANs: how many rows have a damaged code and why (scientific notation such as 4,00638E+12, too short, a wrong check digit, other characters), with the first examples and their line numbers. Confirm stays available while some EANs are intact (the damaged ones are left out); when most are damaged the warning is red, and when none can be used Confirm waits.',
          'How to keep EANs intact: in Excel select the EAN column, choose Format Cells → Text and save as "CSV UTF-8 (Comma delimited)" — or upload the .xlsx workbook itself, whose number cells are read with every digit. Opening a CSV in Excel by double-click damages it again: use Data → From Text/CSV and set the EAN column to Text. Codes already saved as 4,00638E+12 cannot be repaired: export the list again from its source.',
          'An 8-digit code is read the same way whether the cell holds it as text with its zeros (0000022022202) or as a number (22022202).',
        ),
        p(
          'The report after the scan shows rows read, valid EANs, EANs analyzed (only when the plan limit left some out), found on Amazon, deals and rows not used. "Rows not used" counts every reason listed below it — unusable rows, duplicates, EANs over the plan limit and EANs without Amazon data — so the figure and the list always agree.',
        ),
        p(
          'The scan also shows the Keepa tokens it spent next to the estimate. When they differ it says why: the estimate counts 1 token per EAN not in the shared cache and the buy box (3 tokens) for about 15 % of them, so a list with more possible deals costs more; EANs cached earlier without their buy box, or cache entries that expired in the meantime, cost tokens the estimate did not count; codes Amazon does not know cost nothing.',
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
