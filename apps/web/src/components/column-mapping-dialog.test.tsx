// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { within } from '@testing-library/react';
import { plansApi } from '@dealradar/shared/contracts/endpoints/plans';
import { uploadsApi } from '@dealradar/shared/contracts/endpoints/uploads';
import type { SubscriptionStatus } from '@dealradar/shared/contracts/plans';
import type { Upload } from '@dealradar/shared/contracts/scans';
import type { FileChecks } from '@dealradar/shared/ean-checks';
import type { SpreadsheetPreview } from '@dealradar/shared/spreadsheet-preview';
import { chooseOption, findDialog, renderWithProviders, stubApi } from '../test/test-utils.tsx';
import { ColumnMappingDialog, type ColumnMapping } from './column-mapping-dialog.tsx';
import { KeepaTokenEstimate } from './keepa-token-estimate.tsx';
import { useReportFileChecks } from './mapping-preview-checks.tsx';

const preview = (headers: string[], rows: string[][]): SpreadsheetPreview => ({
  format: 'csv',
  delimiter: ';',
  headers,
  rows,
  headerLine: 1,
  skippedLines: [],
});

/** Columns the dialog recognizes by their names and contents. */
const namedColumns = preview(
  ['EAN', 'Brand', 'Title', 'Price'],
  [
    ['4005808123456', 'Nivea', 'Soft Creme 200 ml', '3.49'],
    ['4005900123457', 'Nivea', 'Men Creme 150 ml', '2.99'],
  ],
);

/** Columns nothing can be guessed from. */
const unnamedColumns = preview(['Code', 'Maker', 'Notes'], [['A-1', 'Acme', 'n/a']]);

const checks = (patch: Partial<FileChecks>): FileChecks => ({
  rowsRead: 3,
  usableEans: 3,
  duplicateRows: 0,
  missingEans: 0,
  internalCodes: 0,
  damagedEans: 0,
  damagedByProblem: {},
  damagedExamined: 0,
  examples: [],
  ...patch,
});

async function openDialog(props: Partial<Parameters<typeof ColumnMappingDialog>[0]> = {}) {
  const onConfirm = vi.fn<(mapping: ColumnMapping) => void>();
  const rendered = renderWithProviders(
    <ColumnMappingDialog opened fileName="supplier.csv" preview={namedColumns} priceRequired onConfirm={onConfirm} onCancel={() => {}} {...props} />,
  );
  const dialog = within(await findDialog('Map CSV columns'));
  return { ...rendered, dialog, onConfirm, confirm: () => dialog.getByRole('button', { name: 'Confirm' }) };
}

/** Stands in for the token estimate: reports the file's checks for the chosen EAN column, as the estimate does. */
function ReportedChecks({ eanColumn, fileChecks }: { eanColumn: string | null; fileChecks: FileChecks }) {
  useReportFileChecks(eanColumn ? fileChecks : null);
  return <p>Estimate for {eanColumn ?? 'no column'}</p>;
}

describe('column mapping dialog', () => {
  it('pre-selects the columns recognized by name and confirms them', async () => {
    const { dialog, user, onConfirm, confirm } = await openDialog();

    expect(dialog.getByText('supplier.csv')).toBeTruthy();
    expect(dialog.getByLabelText(/^EAN column/, { selector: 'input' })).toHaveProperty('value', 'EAN');
    expect(dialog.getByLabelText(/^Brand column/, { selector: 'input' })).toHaveProperty('value', 'Brand');
    expect(dialog.getByLabelText(/^Price column/, { selector: 'input' })).toHaveProperty('value', 'Price');
    expect(dialog.getByText('Soft Creme 200 ml')).toBeTruthy();

    await user.click(confirm());

    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onConfirm.mock.calls[0]?.[0]).toMatchObject({ ean: 'EAN', brand: 'Brand', price: 'Price', units: null, sheet: null });
  });

  it('keeps Confirm disabled until the EAN, a brand (or "No brand column") and the required price are chosen (SPEC §5)', async () => {
    const { dialog, user, onConfirm, confirm } = await openDialog({ preview: unnamedColumns });
    expect(confirm()).toHaveProperty('disabled', true);

    await chooseOption(user, dialog.getByLabelText(/^EAN column/, { selector: 'input' }), 'Code');
    expect(confirm()).toHaveProperty('disabled', true);

    await user.click(dialog.getByLabelText('No brand column: use the brand from the marketplace'));
    expect(dialog.getByLabelText(/^Brand column/, { selector: 'input' })).toHaveProperty('disabled', true);
    expect(confirm()).toHaveProperty('disabled', true);

    await chooseOption(user, dialog.getByLabelText(/^Price column/, { selector: 'input' }), 'Notes');
    expect(confirm()).toHaveProperty('disabled', false);

    await user.click(confirm());
    expect(onConfirm.mock.calls[0]?.[0]).toMatchObject({ ean: 'Code', brand: null, price: 'Notes' });
  });

  it('lets the CSV Template Analyzer confirm without a price column', async () => {
    const { dialog, user, confirm } = await openDialog({ preview: unnamedColumns, priceRequired: false });

    await chooseOption(user, dialog.getByLabelText(/^EAN column/, { selector: 'input' }), 'Code');
    await chooseOption(user, dialog.getByLabelText(/^Brand column/, { selector: 'input' }), 'Maker');

    expect(confirm()).toHaveProperty('disabled', false);
  });

  it('refuses units per price that are not a whole number of 1 or more', async () => {
    const { dialog, user, confirm } = await openDialog();

    await user.type(dialog.getByLabelText('or units per price for every row'), '0');

    expect(dialog.getByText('Units per price must be a whole number of 1 or more.')).toBeTruthy();
    expect(confirm()).toHaveProperty('disabled', true);
  });

  it('asks the estimate for the chosen EAN column', async () => {
    const { dialog, user } = await openDialog({
      preview: unnamedColumns,
      renderEstimate: (eanColumn) => <ReportedChecks eanColumn={eanColumn} fileChecks={checks({})} />,
    });
    expect(dialog.getByText('Estimate for no column')).toBeTruthy();

    await chooseOption(user, dialog.getByLabelText(/^EAN column/, { selector: 'input' }), 'Code');

    expect(dialog.getByText('Estimate for Code')).toBeTruthy();
  });

  it('blocks Confirm when the EAN column has no usable EAN, and says why', async () => {
    const allDamaged = checks({ usableEans: 0, damagedEans: 3, damagedByProblem: { scientific_notation: 3 }, damagedExamined: 3 });
    const { dialog, confirm } = await openDialog({ renderEstimate: (eanColumn) => <ReportedChecks eanColumn={eanColumn} fileChecks={allDamaged} /> });

    expect(await dialog.findByText('No usable EAN in this column')).toBeTruthy();
    expect(dialog.getByText('3 of 3 rows have a damaged EAN: none can be scanned. Fix the file and upload it again.')).toBeTruthy();
    expect(dialog.getByText('3 in scientific notation (like 4,00638E+12): a spreadsheet kept only the first digits')).toBeTruthy();
    expect(confirm()).toHaveProperty('disabled', true);
  });

  it('warns about some damaged EANs but lets the scan start with the others', async () => {
    const someDamaged = checks({ rowsRead: 10, usableEans: 9, damagedEans: 1, damagedByProblem: { too_short: 1 }, damagedExamined: 1 });
    const { dialog, confirm } = await openDialog({ renderEstimate: (eanColumn) => <ReportedChecks eanColumn={eanColumn} fileChecks={someDamaged} /> });

    expect(await dialog.findByText('Some EANs are damaged')).toBeTruthy();
    expect(dialog.getByText('1 of 10 rows has a damaged EAN; it is left out, the other EANs are scanned.')).toBeTruthy();
    expect(confirm()).toHaveProperty('disabled', false);
  });

  it("shows the Keepa token estimate of the chosen column and the plan's limit on the EANs analyzed", async () => {
    stubApi()
      .on(uploadsApi.tokenEstimate, {
        eans: 470,
        newEans: 170,
        tokens: 170,
        refillRate: 20,
        tokensLeft: 60,
        minutes: 6,
        text: 'about 170 Keepa tokens, about 6 min at 20 tokens/min',
        checks: checks({ rowsRead: 470, usableEans: 470 }),
      })
      .on(plansApi.subscriptionStatus, subscriptionStatus({ eanUploadLimit: 100, eanUploadsThisMonth: 0 }));
    // The file was sent when it was dropped; the estimate needs only its id.
    const upload = { promise: Promise.resolve({ uploadId: 'upload-1' } as Upload) };
    const { dialog } = await openDialog({
      renderEstimate: (eanColumn, sheet) => <KeepaTokenEstimate upload={upload} market="DE" eanColumn={eanColumn} sheet={sheet} />,
    });

    expect(
      await dialog.findByText(
        'This scan needs about 170 Keepa tokens, about 6 min at 20 tokens/min (170 of 470 EANs are not in the shared cache). This run analyzes 100 of them on your plan: about 36 Keepa tokens.',
      ),
    ).toBeTruthy();
    expect(within(await dialog.findByTestId('mapping-plan-limit')).getByText(/^Your plan has 100 EAN uploads left this month/)).toBeTruthy();
  });
});

function subscriptionStatus(patch: Partial<SubscriptionStatus>): SubscriptionStatus {
  return {
    tier: 'STARTER',
    eanUploadsThisMonth: 0,
    qogitaBrandChecksToday: 0,
    eanUploadLimit: 1000,
    qogitaBrandChecksPerDay: 10,
    brandProfitabilityAnalysis: false,
    multiMarketProfitAnalysis: false,
    supportLevel: 'email',
    amazonListingFilterType: 'fixed',
    roiFilterValue: 0.2,
    qogitaAccessLevel: 'limited',
    subscriptionStatus: null,
    cancelAt: null,
    billing: { configured: false, hasSubscription: false },
    ...patch,
  };
}
