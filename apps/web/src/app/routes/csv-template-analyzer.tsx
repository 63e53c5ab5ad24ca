import { Stack } from '@mantine/core';
import { IconFileAnalytics } from '@tabler/icons-react';
import { DemoDataBadge } from '../../components/demo-data-badge.tsx';
import { DemoSampleButton } from '../../components/demo-sample-button.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { HelpTextLink } from '../../components/help-text-link.tsx';
import { useMarketDataSource } from '../../features/market-data/api/use-market-data-source.ts';
import { CsvScanTabs } from '../../features/csv-analyzer/components/csv-scan-tabs.tsx';
import { CsvUploadPanel } from '../../features/csv-analyzer/components/csv-upload-panel.tsx';

/** CSV Template Analyzer (admin, SPEC §2): upload supplier lists, follow their scans, download results. */
export function CsvTemplateAnalyzerPage() {
  const source = useMarketDataSource();
  return (
    <Stack gap="lg">
      <PageHeader
        title="CSV Template Analyzer"
        help={{ doc: 'csv-template-analyzer', label: 'Help: the CSV Template Analyzer' }}
        subtitle={
          <>
            Scan supplier price lists against an Amazon market and download every matched product with its profit and ROI.{' '}
            <HelpTextLink doc="supplier-files">How to prepare a supplier file</HelpTextLink>
          </>
        }
        icon={<IconFileAnalytics size={24} />}
        actions={<DemoDataBadge isDemo={source.data?.isDemo} />}
      />
      <CsvUploadPanel footer={<DemoSampleButton isDemo={source.data?.isDemo} />} />
      <CsvScanTabs />
    </Stack>
  );
}
