import type { ReactNode } from 'react';
import { Divider, Group, Modal } from '@mantine/core';
import { AmazonFeeComparison, type FeeComparisonListing } from './amazon-fee-comparison.tsx';
import { HelpLink } from './help-link.tsx';

/**
 * The 'Profit breakdown' dialog of deals and favorites: its title with the help link, the breakdown inside and, for a
 * `listing`, Amazon's own fee estimate beside ours (for an organization with a connected seller account).
 */
export function ProfitBreakdownDialog({
  opened,
  onClose,
  children,
  listing,
}: {
  opened: boolean;
  onClose: () => void;
  children: ReactNode;
  listing?: FeeComparisonListing | null;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        <Group gap={6}>
          Profit breakdown
          <HelpLink doc="profit-and-roi" section="fee-lines" label="How profit and ROI are computed" />
        </Group>
      }
      centered
      size="md"
    >
      {children}
      {opened && listing && (
        <>
          <Divider my="sm" />
          <AmazonFeeComparison listing={listing} />
        </>
      )}
    </Modal>
  );
}
