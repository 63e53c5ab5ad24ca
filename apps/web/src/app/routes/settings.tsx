import { useEffect } from 'react';
import { SimpleGrid, Stack } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client.ts';
import { notifyError } from '../../lib/notify.ts';
import { useSession } from '../../lib/session.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { userInfoQueryOptions, userSettingsQueryOptions } from '../../features/settings/api/user-settings.ts';
import { subscriptionStatusQueryOptions } from '../../features/plans/api/get-subscription-status.ts';
import { AccountInfoCard } from '../../features/settings/components/account-info-card.tsx';
import { PrimaryCountryCard } from '../../features/settings/components/primary-country-card.tsx';
import { UsageCard } from '../../features/settings/components/usage-card.tsx';
import { MinRoiCard } from '../../features/settings/components/min-roi-card.tsx';
import { AdminCountryCard } from '../../features/settings/components/admin-country-card.tsx';
import { EanLimitAlert } from '../../features/plans/components/ean-limit-alert.tsx';
import { MarketDataSourceCard } from '../../features/market-data/components/data-source-card.tsx';
import { FeeRulesCard } from '../../features/market-data/components/fee-rules-card.tsx';
import { AmazonFeeDriftsCard } from '../../features/market-data/components/amazon-fee-drifts-card.tsx';
import { SellerProfileCard } from '../../features/settings/components/seller-profile-card.tsx';
import { UngatingInvoiceCard } from '../../features/settings/components/ungating-invoice-card.tsx';
import { ScanEmailsCard } from '../../features/alerts/components/scan-emails-card.tsx';
import { MatchRulesCard } from '../../features/match-rules/components/match-rules-card.tsx';
import { SellerAccountCard } from '../../features/seller-account/components/seller-account-card.tsx';
import { TeamCard } from '../../features/organization/components/team-card.tsx';

/** A missing endpoint (404) means the plans module is not there: the usage section is simply not shown. */
function isHardFailure(error: unknown): boolean {
  return !!error && !(error instanceof ApiError && error.status === 404);
}

/** /settings (SPEC §2 Settings). */
export function SettingsPage() {
  const session = useSession();
  const isAdmin = session?.role === 'ADMIN';
  const info = useQuery(userInfoQueryOptions);
  const settings = useQuery(userSettingsQueryOptions);
  const subscription = useQuery(subscriptionStatusQueryOptions);
  const status = subscription.data;

  const loadFailed = info.isError || settings.isError || isHardFailure(subscription.error);
  useEffect(() => {
    if (loadFailed) notifyError('Failed to load settings, user info, or subscription');
  }, [loadFailed]);

  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader
        title="Settings"
        subtitle="Your account, region, seller profile, plan usage and deal filters."
        icon={<IconSettings size={24} />}
        help={{ doc: 'settings', label: 'Help: region, minimum ROI and usage' }}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <AccountInfoCard info={info.data} loading={info.isPending} />
        <Stack gap="lg">
          <PrimaryCountryCard />
          <MinRoiCard minRoiThreshold={settings.data?.minRoiThreshold} filterType={status?.amazonListingFilterType} planRoi={status?.roiFilterValue} />
          <SellerProfileCard />
          <ScanEmailsCard />
        </Stack>
      </SimpleGrid>
      {status && (
        <UsageCard status={status}>
          <EanLimitAlert status={status} />
        </UsageCard>
      )}
      <TeamCard />
      <MatchRulesCard />
      <SellerAccountCard />
      <UngatingInvoiceCard />
      {isAdmin && <AdminCountryCard />}
      {isAdmin && <MarketDataSourceCard />}
      {isAdmin && <FeeRulesCard />}
      {isAdmin && <AmazonFeeDriftsCard />}
    </Stack>
  );
}
