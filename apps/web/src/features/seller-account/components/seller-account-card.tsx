import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Badge, Button, Group, PasswordInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconBrandAmazon } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { SELLER_REGION_LABELS, type SellerRegion } from '@dealradar/shared/contracts/seller-account';
import { SectionCard } from '../../../components/section-card.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/date-format.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import {
  sellerAccountQueryOptions,
  useCompleteAuthorization,
  useConnectSellerAccount,
  useDisconnectSellerAccount,
  useStartAuthorization,
} from '../api/seller-account.ts';
import { formatCount } from '../../../lib/format.ts';

const DESCRIPTION =
  "Connect your organization's own Amazon seller account, and every deal shows whether you may sell it: Can sell, Approval required (with Amazon's link) or Not eligible.";

/**
 * Settings → Amazon seller account (self-authorized private application): the organization's admin pastes
 * the refresh token and merchant id from Amazon's developer console and picks the region; it is checked with Amazon
 * before it is kept. Every member sees whether it is connected and the stores; the token never comes back.
 */
export function SellerAccountCard() {
  const account = useQuery(sellerAccountQueryOptions);
  const connect = useConnectSellerAccount();
  const disconnect = useDisconnectSellerAccount();
  const [refreshToken, setRefreshToken] = useState('');
  const [merchantId, setMerchantId] = useState('');
  const [region, setRegion] = useState<SellerRegion>('EU');
  const data = account.data;
  const startAuthorization = useStartAuthorization();
  const completeAuthorization = useCompleteAuthorization();
  const [params, setParams] = useSearchParams();
  const completing = useRef(false);

  // Website authorization: Amazon sends the seller back to /settings?state&spapi_oauth_code&selling_partner_id.
  useEffect(() => {
    const state = params.get('state');
    const spapiOauthCode = params.get('spapi_oauth_code');
    if (!state || !spapiOauthCode || completing.current) return;
    completing.current = true;
    setParams({}, { replace: true });
    completeAuthorization.mutate(
      { state, spapiOauthCode, sellingPartnerId: params.get('selling_partner_id') ?? '' },
      { onSuccess: () => notifySuccess('Amazon seller account connected.') },
    );
  }, [params, setParams, completeAuthorization]);

  const goToAmazon = () => startAuthorization.mutate(region, { onSuccess: ({ url }) => window.location.assign(url) });

  const onConnect = () =>
    connect.mutate(
      { refreshToken: refreshToken.trim(), merchantId: merchantId.trim(), region },
      {
        onSuccess: () => {
          setRefreshToken('');
          notifySuccess('Amazon seller account connected.');
        },
      },
    );

  return (
    <SectionCard title="Amazon seller account" icon={<IconBrandAmazon size={20} />} description={DESCRIPTION} testId="seller-account">
      {!data ? (
        <Text size="sm" c="dimmed">
          {account.isError ? 'The seller account could not be loaded.' : 'Loading…'}
        </Text>
      ) : !data.configured && !data.connected ? (
        <Alert color="gray" data-testid="seller-account-not-configured">
          This install has no Amazon application configured, so no seller account can be connected. The operator sets SP_API_CLIENT_ID and SP_API_CLIENT_SECRET
          (see the help page).
        </Alert>
      ) : (
        <Stack gap="sm">
          {data.connected && (
            <Stack gap={6} data-testid="seller-account-connected">
              <Group gap="xs">
                <Badge color={data.status === 'CONNECTED' ? 'green' : 'orange'} variant="light">
                  {data.status === 'CONNECTED' ? 'Connected' : 'Needs reconnecting'}
                </Badge>
                <Text size="sm">
                  Merchant {data.merchantId} · {data.region ? SELLER_REGION_LABELS[data.region] : ''}
                  {data.connectedAt ? ` · since ${formatDateTime(data.connectedAt)}` : ''}
                </Text>
              </Group>
              {data.statusMessage && (
                <Alert color="orange" data-testid="seller-account-status-message">
                  {data.statusMessage}
                </Alert>
              )}
              <Text size="sm" data-testid="seller-account-stores">
                Stores: {data.stores.map((s) => s.name).join(', ') || 'none'}
              </Text>
              {data.pendingChecks > 0 && (
                <Text size="xs" c="dimmed">
                  {formatCount(data.pendingChecks)} deals still being checked with Amazon.
                </Text>
              )}
            </Stack>
          )}
          {!data.canManage ? (
            <Text size="xs" c="dimmed">
              Only your organization&apos;s owner can connect or disconnect the seller account.
            </Text>
          ) : (
            <>
              {data.configured && (
                <Stack gap="xs">
                  <PasswordInput
                    label="Refresh token"
                    description="Shown when you authorize your private application in Amazon's developer console (begins with Atzr|). Stored encrypted, never shown again."
                    value={refreshToken}
                    onChange={(e) => setRefreshToken(e.currentTarget.value)}
                    autoComplete="off"
                    data-testid="seller-account-token"
                  />
                  <TextInput
                    label="Merchant id"
                    description="Seller Central → Settings → Account Info → Merchant Token."
                    value={merchantId}
                    onChange={(e) => setMerchantId(e.currentTarget.value.toUpperCase())}
                    data-testid="seller-account-merchant"
                  />
                  <SegmentedControl
                    value={region}
                    onChange={(v) => setRegion(v === 'NA' ? 'NA' : 'EU')}
                    data={[
                      { value: 'EU', label: 'Europe' },
                      { value: 'NA', label: 'North America' },
                    ]}
                    data-testid="seller-account-region"
                  />
                  {[connect, startAuthorization, completeAuthorization].map(
                    (call, i) =>
                      call.isError && (
                        <Alert key={i} color="red" data-testid="seller-account-error">
                          {errorMessage(call.error, 'The seller account could not be connected.')}
                        </Alert>
                      ),
                  )}
                  <Group>
                    <Button
                      onClick={onConnect}
                      loading={connect.isPending}
                      disabled={!refreshToken.trim() || !merchantId.trim()}
                      data-testid="seller-account-connect"
                    >
                      {data.connected ? 'Connect again' : 'Connect'}
                    </Button>
                    {data.websiteAuthorization && (
                      <Button
                        variant="light"
                        onClick={goToAmazon}
                        loading={startAuthorization.isPending || completeAuthorization.isPending}
                        data-testid="seller-account-authorize"
                      >
                        Connect through Amazon
                      </Button>
                    )}
                    {data.connected && (
                      <Button
                        variant="light"
                        color="red"
                        loading={disconnect.isPending}
                        onClick={() => disconnect.mutate(undefined, { onSuccess: () => notifySuccess('Amazon seller account disconnected.') })}
                        data-testid="seller-account-disconnect"
                      >
                        Disconnect
                      </Button>
                    )}
                  </Group>
                </Stack>
              )}
              {!data.configured && data.connected && (
                <Button variant="light" color="red" w="fit-content" loading={disconnect.isPending} onClick={() => disconnect.mutate()}>
                  Disconnect
                </Button>
              )}
            </>
          )}
        </Stack>
      )}
    </SectionCard>
  );
}
