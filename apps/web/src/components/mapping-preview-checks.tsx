import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { Alert, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconBarcodeOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { plansApi } from '@dealradar/shared/contracts/endpoints/plans';
import type { FileChecks } from '@dealradar/shared/ean-checks';
import { endpointQuery } from '../lib/endpoint-query.ts';
import { confirmBlocked, damageAdvice, damageHeadline, damageLevel, damageReasons, planWarning, uploadsLeft } from '../lib/mapping-checks.ts';
import { formatCount } from '../lib/format.ts';

/**
 * The mapping dialog's checks before Confirm: how much of the file the plan's remaining EAN
 * allowance covers, and how many EANs are damaged, why and how to export them as text. The numbers come with the
 * Keepa token estimate (the server reads the whole file for it: @dealradar/shared/ean-checks); the estimate reports
 * them into the slot the dialog places (MappingChecksSlot), which shows them and tells the dialog whether Confirm
 * must wait (no usable EAN at all).
 */
const ReportChecks = createContext<((checks: FileChecks | null) => void) | null>(null);

/** Called by whatever reads the file's checks (KeepaTokenEstimate): shows them in the dialog's slot. */
export function useReportFileChecks(checks: FileChecks | null | undefined): void {
  const report = useContext(ReportChecks);
  useEffect(() => {
    report?.(checks ?? null);
  }, [report, checks]);
  useEffect(() => () => report?.(null), [report]);
}

/** Where the dialog shows the checks: above `children` (the token estimate, which reports them). */
export function MappingChecksSlot({ children, onBlockedChange }: { children: ReactNode; onBlockedChange?: (blocked: boolean) => void }) {
  const [checks, setChecks] = useState<FileChecks | null>(null);
  const blocked = !!checks && confirmBlocked(checks);
  useEffect(() => {
    onBlockedChange?.(blocked);
  }, [blocked, onBlockedChange]);
  useEffect(() => () => onBlockedChange?.(false), [onBlockedChange]);
  return (
    <ReportChecks.Provider value={setChecks}>
      {checks && <MappingPreviewChecks checks={checks} />}
      {children}
    </ReportChecks.Provider>
  );
}

/** EANs left of this month's allowance (GET /organization/subscription-status); null until known. */
export function useUploadsLeft(): number | null {
  const status = useQuery({ ...endpointQuery(plansApi.subscriptionStatus, { silent403: true }), staleTime: 0 });
  return status.data ? uploadsLeft(status.data) : null;
}

export function MappingPreviewChecks({ checks }: { checks: FileChecks }) {
  const left = useUploadsLeft();
  const plan = left !== null ? planWarning(checks.usableEans, left) : null;
  const level = damageLevel(checks);
  const reasons = damageReasons(checks);
  const advice = damageAdvice(checks);
  const serious = level === 'most' || level === 'all';
  return (
    <Stack gap="xs" data-testid="mapping-checks">
      {level !== 'none' && (
        <Alert
          variant={serious ? 'filled' : 'light'}
          color={serious ? 'red' : 'yellow'}
          icon={<IconBarcodeOff size={18} />}
          title={level === 'all' ? 'No usable EAN in this column' : level === 'most' ? 'Most EANs are damaged' : 'Some EANs are damaged'}
          p="sm"
          data-testid="mapping-damaged-eans"
          data-level={level}
        >
          <Stack gap={6}>
            <Text size="sm">{damageHeadline(checks)}</Text>
            {reasons.length > 0 && (
              <List size="sm" spacing={2}>
                {reasons.map((reason) => (
                  <List.Item key={reason}>{reason}</List.Item>
                ))}
              </List>
            )}
            {checks.examples.length > 0 && (
              <Text size="xs">For example: {checks.examples.map((e) => `line ${formatCount(e.line)}: ${e.value}`).join(' · ')}</Text>
            )}
            {advice.map((line) => (
              <Text size="xs" key={line}>
                {line}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      {plan && (
        <Alert variant="light" color="orange" icon={<IconAlertTriangle size={18} />} p="sm" title="Plan limit" data-testid="mapping-plan-limit">
          <Text size="sm">{plan.text}</Text>
        </Alert>
      )}
    </Stack>
  );
}
