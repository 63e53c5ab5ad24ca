import { useState } from 'react';
import { Alert, Button, Group, Modal, MultiSelect, NumberInput, SegmentedControl, Select, Stack, Switch, TagsInput, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { sellerAccountApi } from '@dealradar/shared/contracts/endpoints/seller-account';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { ALERT_ROI_MARKETS, DEFAULT_REARM_POINTS, type AlertRule, type AlertRuleBody } from '@dealradar/shared/contracts/alerts';
import { DROP_CATEGORIES, DROP_CATEGORY_LABELS } from '@dealradar/shared/drops';
import type { NewAlertRule } from '../api/alerts-queries.ts';

interface RuleFormProps {
  opened: boolean;
  /** Edit: the rule whose fields the form starts from (its title is then "Edit alert rule"); a new rule otherwise. */
  rule?: AlertRule | null;
  brands: string[];
  submitting: boolean;
  error: string | null;
  onClose: () => void;
  onSubmit: (body: NewAlertRule) => void;
}

const sellerAccountQuery = endpointQuery(sellerAccountApi.get);

/**
 * The one line under "Only products I can sell": what it does with a connected seller account, and that it alerts
 * nothing until one is connected otherwise. Null: the install cannot connect one (the option is not offered).
 */
export function onlySellableNote(account: { configured: boolean; connected: boolean; status: string | null } | undefined): string | null {
  if (!account?.configured) return null;
  if (!account.connected) return 'No Amazon seller account is connected: with this on, the rule alerts nothing until one is connected in Settings.';
  if (account.status === 'NEEDS_RECONNECT')
    return 'Amazon no longer accepts your seller account: with this on, the rule alerts nothing new until it is connected again in Settings.';
  return "Alerts only drops Amazon says your seller account can sell (in the rule's markets). A new drop is alerted once Amazon has answered, at the latest at the next price refresh.";
}

const numberOrNull = (value: string | number) => (value === '' || value === null ? null : Number(value));

/**
 * The "New alert rule" / "Edit alert rule" dialog: which drops (brands, categories, minimum drop, ROI, stock) and where
 * they go. Mounted anew (a new key) for each opening, so its fields start from `rule` or the defaults.
 */
export function RuleForm({ opened, rule, brands, submitting, error, onClose, onSubmit }: RuleFormProps) {
  const [name, setName] = useState(rule?.name ?? '');
  const [ruleBrands, setRuleBrands] = useState<string[]>(rule?.brands ?? []);
  const [categories, setCategories] = useState<string[]>(rule?.categories ?? []);
  const [minDrop, setMinDrop] = useState<string | number>(rule?.minDropPercentage ?? 10);
  const [minRoi, setMinRoi] = useState<string | number>(rule?.minRoiPercentage ?? '');
  const [minStock, setMinStock] = useState<string | number>(rule?.minStock ?? '');
  const [markets, setMarkets] = useState<string[]>(rule?.roiMarkets ?? []);
  const [channel, setChannel] = useState<'email' | 'webhook'>(rule?.channel ?? 'email');
  const [frequency, setFrequency] = useState<'instant' | 'hourly' | 'daily'>(rule?.emailFrequency ?? 'instant');
  const [webhookUrl, setWebhookUrl] = useState(rule?.webhookUrl ?? '');
  const [format, setFormat] = useState<'generic' | 'discord' | 'slack'>(rule?.webhookFormat ?? 'generic');
  const [rearm, setRearm] = useState<string | number>(rule?.rearmPoints ?? DEFAULT_REARM_POINTS);
  const [onlySellable, setOnlySellable] = useState(rule?.onlySellable ?? false);
  const account = useQuery(sellerAccountQuery);
  const sellableNote = onlySellableNote(account.data);

  const submit = () =>
    onSubmit({
      name,
      brands: ruleBrands,
      categories: categories as AlertRuleBody['categories'],
      minDropPercentage: Number(minDrop) || 0,
      minRoiPercentage: numberOrNull(minRoi),
      minStock: numberOrNull(minStock),
      roiMarkets: markets,
      channel,
      emailFrequency: frequency,
      webhookUrl: channel === 'webhook' ? webhookUrl : null,
      webhookFormat: format,
      rearmPoints: Number(rearm) || 0,
      onlySellable,
    });

  return (
    <Modal opened={opened} onClose={onClose} title={rule ? 'Edit alert rule' : 'New alert rule'} size="lg">
      <Stack gap="sm">
        <TextInput label="Name" placeholder="e.g. Nivea over 20 %" value={name} onChange={(e) => setName(e.currentTarget.value)} required data-autofocus />
        <TagsInput label="Brands" description="Empty: every brand" data={brands} value={ruleBrands} onChange={setRuleBrands} clearable />
        <MultiSelect
          label="Drop categories"
          description="Empty: every category"
          data={DROP_CATEGORIES.map((c) => ({ value: c, label: DROP_CATEGORY_LABELS[c] }))}
          value={categories}
          onChange={setCategories}
          clearable
        />
        <Group grow align="flex-start">
          <NumberInput label="Minimum drop %" min={0} max={100} value={minDrop} onChange={setMinDrop} />
          <NumberInput label="Minimum stock" min={0} allowDecimal={false} placeholder="any" value={minStock} onChange={setMinStock} />
        </Group>
        <Group grow align="flex-start">
          <NumberInput label="Minimum Amazon ROI %" placeholder="any" value={minRoi} onChange={setMinRoi} description="Drops without a known ROI do not pass" />
          <MultiSelect
            label="Markets for the ROI"
            description="Empty: the best European market"
            data={ALERT_ROI_MARKETS}
            value={markets}
            onChange={setMarkets}
            clearable
          />
        </Group>
        {/* Offered where a seller account can be connected (and kept visible on a rule that has it, to switch it off). */}
        {(sellableNote || onlySellable) && (
          <Switch
            label="Only products I can sell"
            description={sellableNote ?? 'This install cannot connect an Amazon seller account: switch this off for the rule to alert.'}
            checked={onlySellable}
            onChange={(e) => setOnlySellable(e.currentTarget.checked)}
            data-testid="rule-only-sellable"
          />
        )}
        <NumberInput label="Alert again when the drop gets better by (percentage points)" min={0} max={100} value={rearm} onChange={setRearm} />
        <div>
          <Text size="sm" fw={500} mb={4}>
            Channel
          </Text>
          <SegmentedControl
            value={channel}
            onChange={(v) => setChannel(v as 'email' | 'webhook')}
            data={[
              { value: 'email', label: 'E-mail' },
              { value: 'webhook', label: 'Webhook' },
            ]}
          />
        </div>
        {channel === 'email' ? (
          <Select
            label="E-mail frequency"
            data={[
              { value: 'instant', label: 'At once' },
              { value: 'hourly', label: 'Hourly digest' },
              { value: 'daily', label: 'Daily digest' },
            ]}
            value={frequency}
            onChange={(v) => setFrequency((v as typeof frequency) ?? 'instant')}
            allowDeselect={false}
          />
        ) : (
          <Group grow align="flex-start">
            <TextInput label="Webhook URL" placeholder="https://…" value={webhookUrl} onChange={(e) => setWebhookUrl(e.currentTarget.value)} required />
            <Select
              label="Format"
              data={[
                { value: 'generic', label: 'Generic JSON' },
                { value: 'discord', label: 'Discord' },
                { value: 'slack', label: 'Slack' },
              ]}
              value={format}
              onChange={(v) => setFormat((v as typeof format) ?? 'generic')}
              allowDeselect={false}
            />
          </Group>
        )}
        {error && (
          <Alert color="red" variant="light" data-testid="rule-form-error">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={submitting}>
            Save rule
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
