import { list, p, steps, table, type HelpDoc } from './help-doc.ts';

export const csvTemplateAnalyzerDoc: HelpDoc = {
  slug: 'csv-template-analyzer',
  title: 'CSV Template Analyzer (administrators)',
  summary: 'Scan up to five supplier files (CSV or XLSX) at once against one market and download the results as CSV or XLSX.',
  adminOnly: true,
  sections: [
    {
      id: 'scan',
      title: 'Scanning files',
      blocks: [
        steps(
          'Choose the market (Germany by default).',
          'Drop up to 5 .csv or .xlsx files of at most 50 MB each; the column dialog opens for each in turn (EAN and Brand — or "No brand column" — needed, Price and units per price optional). Cancel skips a file.',
          'Each file becomes a scan card under Active Scans with its progress, queue position and time remaining.',
        ),
        list(
          'Scans run one after another; a card says when it is waiting and at which position.',
          'Completed and failed scans move to Scan History and are kept 24 hours.',
          'Download results (completed scans only) saves scan_results_{id}.csv: the deals and every matched product without a supplier price, with its maximum buy price. Its menu also offers "CSV for Excel (semicolon, decimal comma)" and XLSX; every amount is in euro.',
          'A completed card shows the scan report: the rows not used by reason, with their line numbers, and "Download the rows not used (CSV)".',
          'The bin cancels a running scan or removes a finished one.',
        ),
        p('Files follow the same rules as everywhere: see Preparing a supplier file.'),
      ],
    },
  ],
};

export const eanAsinMappingDoc: HelpDoc = {
  slug: 'ean-asin-mapping',
  title: 'EAN-ASIN Mapping (administrators)',
  summary: 'Tie an EAN to the right Amazon listing and its pack count when Amazon lists several.',
  adminOnly: true,
  sections: [
    {
      id: 'mappings',
      title: 'What a mapping does',
      blocks: [
        list(
          'One mapping per EAN, used in every market where that ASIN is listed; elsewhere the usual rule applies (the listing with the best sales rank).',
          'Its number of packs is the pack count of the listing: the cost of a sale is packs × unit cost.',
          'A change applies to the next look-up at once.',
        ),
        table(
          ['field', 'rule'],
          [
            ['EAN', 'a valid barcode; one mapping per EAN'],
            ['ASIN', '10 letters or digits'],
            ['Name, Brand', 'required'],
            ['Number of packs', 'a whole number from 1'],
          ],
        ),
        p('Export downloads every mapping as ean-asin-mappings.csv.'),
      ],
    },
  ],
};

export const usersAdminDoc: HelpDoc = {
  slug: 'users-admin',
  title: 'Users (administrators)',
  summary: 'Invite, edit, deactivate and delete users; change a plan for support.',
  adminOnly: true,
  sections: [
    {
      id: 'edit',
      title: 'Editing a user',
      blocks: [
        list(
          "Edit changes the role, the plan and the name of the user's organization, and whether the account is active. A plan change takes effect at once and reaches the user's open screens within a minute.",
          'Deactivating signs the user out everywhere at once; at login they are told the account has been deactivated. Their data is kept, and reactivating lets them sign in again.',
          'There is always at least one active administrator: the last one cannot be demoted, deactivated or deleted.',
        ),
      ],
    },
    {
      id: 'delete',
      title: 'Deleting a user',
      blocks: [
        p(
          'The confirmation lists what goes, with counts: the account, their scans, deals and scan results, brand scans and favorites, help requests and their answers, and everything else tied to the account. Their organization goes too when nobody else belongs to it (with its plan and usage). This cannot be undone; deactivate instead to keep the data.',
        ),
        p('While the organization still pays through Paddle, deletion is refused: cancel the subscription first, or deactivate the user.'),
      ],
    },
  ],
};
