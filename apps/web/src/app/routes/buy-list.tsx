import { useState } from 'react';
import { Alert, Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconShoppingCart } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { MAX_BUY_LIST_WEEKS } from '@dealradar/shared/buy-list';
import { PageHeader } from '../../components/page-header.tsx';
import { SectionCard } from '../../components/section-card.tsx';
import { paths } from '../../config/paths.ts';
import { ApiError, errorMessage, UPGRADE_FALLBACK } from '../../lib/api-client.ts';
import { fileNameDay } from '../../lib/date-format.ts';
import { saveBlob } from '../../lib/save-blob.ts';
import {
  buyListSettingsQueryOptions,
  downloadPurchaseOrder,
  purchaseOrderFileName,
  useBuyList,
  useRemoveBuyLine,
  useSaveBuyListWeeks,
  useSetSupplierMov,
  useUpdateBuyLine,
} from '../../features/buy-list/api/buy-list.ts';
import { SupplierGroup } from '../../features/buy-list/components/supplier-group.tsx';

const TOAST_MS = 4000;

/**
 * /buy-list: the organization's buy list grouped by supplier (docs/buy-list.md). GROWTH and PRO; FREE and STARTER get
 * 403 from the server and see the upgrade prompt of SPEC §8.
 */
export function BuyListPage() {
  const navigate = useNavigate();
  const list = useBuyList();
  const forbidden = list.error instanceof ApiError && list.error.status === 403;
  const settings = useQuery({ ...buyListSettingsQueryOptions, enabled: list.isSuccess });
  const update = useUpdateBuyLine();
  const remove = useRemoveBuyLine();
  const setMov = useSetSupplierMov();
  const saveWeeks = useSaveBuyListWeeks();
  const [downloading, setDownloading] = useState<string | null>(null);
  const fail = (error: unknown, fallback: string) =>
    notifications.show({ title: 'Error', message: errorMessage(error, fallback), color: 'red', autoClose: TOAST_MS });
  const busy = update.isPending || remove.isPending || setMov.isPending;

  return (
    <Stack gap="lg" data-testid="buy-list-page">
      <PageHeader
        title="Buy list"
        icon={<IconShoppingCart size={26} />}
        help={{ doc: 'buy-list', label: 'Help: the buy list' }}
        subtitle="What your organization plans to buy, per supplier: capital, profit, days to sell and the minimum order value"
      />
      {forbidden && (
        <Alert color="orange" variant="light" title="Upgrade Required" icon={<IconAlertTriangle size={20} />} data-testid="buy-list-upgrade-prompt">
          <Group justify="space-between" gap="md" wrap="wrap">
            <Text size="sm">{(list.error as ApiError).serverError ?? UPGRADE_FALLBACK}</Text>
            <Button size="xs" onClick={() => navigate(paths.subscription)}>
              Upgrade Now
            </Button>
          </Group>
        </Alert>
      )}
      {list.isError && !forbidden && (
        <Alert color="red" variant="light">
          {errorMessage(list.error, 'Failed to load the buy list')}
        </Alert>
      )}
      {list.isSuccess && (
        <>
          <SectionCard
            title="Suggested quantities"
            description="Add to buy list on a deal suggests enough units for this many weeks of your estimated share of the listing's sales, in whole cases of the supplier."
          >
            {settings.data && (
              <WeeksEditor
                key={settings.data.weeks}
                weeks={settings.data.weeks}
                saving={saveWeeks.isPending}
                onSave={(w) => saveWeeks.mutate(w, { onError: (e) => fail(e, 'Failed to save settings.') })}
              />
            )}
          </SectionCard>
          {list.data.suppliers.length === 0 ? (
            <Alert variant="light" color="gray" data-testid="buy-list-empty">
              Your buy list is empty. Use Add to buy list on a deal in the Deals Analyzer or on a Qogita price drop.{' '}
              <Button variant="subtle" size="compact-sm" onClick={() => navigate(paths.supplierLevelAnalyzer)}>
                Open the Deals Analyzer
              </Button>
            </Alert>
          ) : (
            list.data.suppliers.map((supplier) => (
              <SupplierGroup
                key={supplier.supplierName}
                supplier={supplier}
                watchlist={list.data.qogitaWatchlist}
                actions={{
                  busy,
                  downloading: downloading === supplier.supplierName,
                  onQuantity: (line, quantity) => update.mutate({ id: line.id, quantity }, { onError: (e) => fail(e, 'Failed to change the quantity') }),
                  onRemove: (line) => remove.mutate(line.id, { onError: (e) => fail(e, 'Failed to remove the line') }),
                  onMov: (supplierName, mov) =>
                    setMov.mutate({ supplierName, minOrderValue: mov }, { onError: (e) => fail(e, 'Failed to save the minimum order value') }),
                  onDownload: (supplierName, format) => {
                    setDownloading(supplierName);
                    downloadPurchaseOrder(supplierName, format)
                      .then((blob) => saveBlob(blob, purchaseOrderFileName(supplierName, fileNameDay(), format)))
                      .catch((e: unknown) => fail(e, 'Failed to download the purchase order'))
                      .finally(() => setDownloading(null));
                  },
                }}
              />
            ))
          )}
        </>
      )}
    </Stack>
  );
}

function WeeksEditor({ weeks, saving, onSave }: { weeks: number; saving: boolean; onSave: (weeks: number) => void }) {
  const [value, setValue] = useState<number | string>(weeks);
  const n = Number(value);
  const valid = Number.isInteger(n) && n >= 1 && n <= MAX_BUY_LIST_WEEKS;
  return (
    <Group gap="xs" align="flex-end">
      <NumberInput
        label="Weeks of sales to buy for"
        value={value}
        onChange={setValue}
        min={1}
        max={MAX_BUY_LIST_WEEKS}
        allowDecimal={false}
        w={200}
        data-testid="buy-list-weeks"
      />
      <Button variant="default" disabled={!valid || n === weeks} loading={saving} onClick={() => onSave(n)}>
        Save
      </Button>
    </Group>
  );
}
