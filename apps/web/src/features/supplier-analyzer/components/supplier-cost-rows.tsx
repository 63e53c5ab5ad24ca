import { Table } from '@mantine/core';
import type { DealProduct } from '@dealradar/shared/contracts/scans';
import { formatMoney, formatRate, formatRateDate, moneyWithListAmount, type Conversion } from '@dealradar/shared/money';

/**
 * The supplier's price as written, for the breakdown's "supplier-cost" table: in its own currency
 * beside its euro amount with the rate and its day ('£7.29 · €8.34 at 0.8745 on 20 Nov'), the VAT taken off a
 * VAT-inclusive price and the net unit price. Nothing for a euro price without VAT (the euro rows say it all).
 */
export function SupplierCostRows({ deal }: { deal: DealProduct }) {
  const sc = deal.breakdown.supplierCost;
  if (!sc || (sc.currency === 'EUR' && !sc.includesVat)) return null;
  const conversion: Conversion = { currency: sc.currency, listCurrency: 'EUR', rate: sc.fxRate, date: sc.fxDate };
  const vatPercent = `${Math.round(sc.vatRate * 10000) / 100} %`;
  const row = (label: string, value: string, testId: string) => (
    <Table.Tr data-testid={testId}>
      <Table.Td>{label}</Table.Td>
      <Table.Td ta="right" ff="monospace">
        {value}
      </Table.Td>
    </Table.Tr>
  );
  return (
    <>
      {row(
        `Supplier price as written${deal.unitsPerPrice > 1 ? ' (case)' : ''}${sc.includesVat ? ', incl. VAT' : ''}`,
        moneyWithListAmount(sc.price, conversion),
        'supplier-price-original',
      )}
      {sc.includesVat && row(`VAT removed (${vatPercent})`, `−${formatMoney(sc.vatRemoved, sc.currency)}`, 'supplier-vat-removed')}
      {sc.includesVat && row('Net unit price', moneyWithListAmount(sc.netUnitPrice, conversion), 'supplier-net-price')}
      {sc.currency !== 'EUR' && row('Exchange rate', `1 EUR = ${formatRate(sc.fxRate)} ${sc.currency} on ${formatRateDate(sc.fxDate)}`, 'supplier-fx')}
    </>
  );
}
