import { useState } from 'react';
import type { AlertRule } from '@dealradar/shared/contracts/alerts';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconBellPlus, IconBellRinging } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { SectionCard } from '../../components/section-card.tsx';
import { paths } from '../../config/paths.ts';
import { LONG_TOAST_MS } from '../../lib/notify.ts';
import { ApiError, errorMessage, UPGRADE_FALLBACK } from '../../lib/api-client.ts';
import {
  useAlertChannels,
  useAlertDeliveries,
  useAlertRules,
  useCreateRule,
  useDeleteRule,
  usePauseRule,
  useRotateSecret,
  useTestRule,
  useUpdateChannels,
  useUpdateRule,
} from '../../features/alerts/api/alerts-queries.ts';
import { ChannelsCard } from '../../features/alerts/components/channels-card.tsx';
import { DeliveryLog } from '../../features/alerts/components/delivery-log.tsx';
import { RuleForm } from '../../features/alerts/components/rule-form.tsx';
import { RulesTable } from '../../features/alerts/components/rules-table.tsx';
import { usePriceDropBrands } from '../../features/price-alerts/api/price-alerts-queries.ts';

/**
 * /qogita-price-alerts/alerts: the user's alert rules, channels and delivery log, reached from the Price
 * Alerts screen. FREE and STARTER get 403 from the server and see the upgrade prompt of SPEC §8.
 */
export function PriceAlertRulesPage() {
  const navigate = useNavigate();
  const rules = useAlertRules();
  const forbidden = rules.error instanceof ApiError && rules.error.status === 403;
  const allowed = rules.isSuccess;
  const channels = useAlertChannels(allowed);
  const deliveries = useAlertDeliveries(allowed);
  const brands = usePriceDropBrands(allowed, 0);
  const create = useCreateRule();
  const update = useUpdateRule();
  const pause = usePauseRule();
  const remove = useDeleteRule();
  const test = useTestRule();
  const updateChannels = useUpdateChannels();
  const rotate = useRotateSecret();
  const [formOpen, setFormOpen] = useState(false);
  const [formKey, setFormKey] = useState(0);
  /** The rule being edited; null: the form adds a new rule. */
  const [editing, setEditing] = useState<AlertRule | null>(null);
  const save = editing ? update : create;
  const resubscribe = () =>
    updateChannels.mutate(
      { emailUnsubscribed: false },
      {
        onSuccess: () =>
          notifications.show({
            title: 'Alert e-mails on',
            message: 'Your e-mail rules send again from the next price update.',
            color: 'green',
            autoClose: LONG_TOAST_MS,
          }),
        onError: (e) => fail(e, 'Failed to save settings.'),
      },
    );

  const fail = (error: unknown, fallback: string) =>
    notifications.show({ title: 'Error', message: errorMessage(error, fallback), color: 'red', autoClose: LONG_TOAST_MS });
  const busy = pause.isPending || remove.isPending || test.isPending;

  return (
    <Stack gap="lg" data-testid="price-alert-rules">
      <PageHeader
        title="Alert rules"
        help={{ doc: 'alerts', label: 'Help: alert rules, e-mail and webhooks' }}
        icon={<IconBellRinging size={26} />}
        subtitle="Be told about new wholesale price drops by e-mail or webhook"
        actions={
          <>
            <Button variant="default" onClick={() => navigate(paths.priceAlerts)}>
              Back to price drops
            </Button>
            {allowed && (
              <Button
                leftSection={<IconBellPlus size={16} />}
                onClick={() => {
                  create.reset();
                  setEditing(null);
                  setFormKey((k) => k + 1);
                  setFormOpen(true);
                }}
              >
                New alert rule
              </Button>
            )}
          </>
        }
      />
      {forbidden && (
        <Alert color="orange" variant="light" title="Upgrade Required" icon={<IconAlertTriangle size={20} />} data-testid="alerts-upgrade-prompt">
          <Group justify="space-between" gap="md" wrap="wrap">
            <Text size="sm">{(rules.error as ApiError).serverError ?? UPGRADE_FALLBACK}</Text>
            <Button size="xs" onClick={() => navigate(paths.subscription)}>
              Upgrade Now
            </Button>
          </Group>
        </Alert>
      )}
      {rules.isError && !forbidden && (
        <Alert color="red" variant="light">
          {errorMessage(rules.error, 'Failed to load alert rules')}
        </Alert>
      )}
      {allowed && (
        <>
          <SectionCard
            title="Your rules"
            description="Each new drop alerts once; it alerts again only when it gets better by the rule's re-arm points. Drops that rose again or expired never alert."
          >
            <RulesTable
              rules={rules.data}
              busy={busy || updateChannels.isPending}
              onEdit={(rule) => {
                update.reset();
                setEditing(rule);
                setFormKey((k) => k + 1);
                setFormOpen(true);
              }}
              onResubscribe={resubscribe}
              onPause={(rule, paused) => pause.mutate({ id: rule.id, paused }, { onError: (e) => fail(e, 'Failed to update the rule') })}
              onDelete={(rule) => {
                if (window.confirm(`Delete the alert rule "${rule.name}"?`)) remove.mutate(rule.id, { onError: (e) => fail(e, 'Failed to delete the rule') });
              }}
              onTest={(rule) =>
                test.mutate(rule.id, {
                  onSuccess: () =>
                    notifications.show({
                      title: 'Test message queued',
                      message: `A test message of "${rule.name}" is on its way; see the delivery log.`,
                      color: 'green',
                      autoClose: LONG_TOAST_MS,
                    }),
                  onError: (e) => fail(e, 'Failed to send the test message'),
                })
              }
            />
          </SectionCard>
          {channels.data && (
            <SectionCard title="Channels">
              <ChannelsCard
                channels={channels.data}
                busy={updateChannels.isPending || rotate.isPending}
                onEmailAlerts={(on) => updateChannels.mutate({ emailUnsubscribed: !on }, { onError: (e) => fail(e, 'Failed to save settings.') })}
                onRotate={() => {
                  if (window.confirm('Make a new signing secret? Receivers that check the old one will refuse the next webhooks.'))
                    rotate.mutate(undefined, { onError: (e) => fail(e, 'Failed to save settings.') });
                }}
              />
            </SectionCard>
          )}
          <SectionCard title="Delivery log" description="The last 100 messages: when, what, channel, status and error.">
            <DeliveryLog deliveries={deliveries.data ?? []} />
          </SectionCard>
        </>
      )}
      <RuleForm
        key={formKey}
        opened={formOpen}
        rule={editing}
        brands={brands.data ?? []}
        submitting={save.isPending}
        error={save.error ? errorMessage(save.error, 'Failed to save the rule') : null}
        onClose={() => setFormOpen(false)}
        onSubmit={(body) => {
          const onSuccess = () => {
            setFormOpen(false);
            notifications.show({
              title: 'Alert rule saved',
              message: editing ? `"${body.name}" is changed from the next price update.` : `"${body.name}" is active from the next price update.`,
              color: 'green',
              autoClose: LONG_TOAST_MS,
            });
          };
          if (editing) update.mutate({ id: editing.id, body }, { onSuccess });
          else create.mutate(body, { onSuccess });
        }}
      />
    </Stack>
  );
}
