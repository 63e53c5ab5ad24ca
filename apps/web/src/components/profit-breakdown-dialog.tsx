import type { ReactNode } from 'react';
import { Group, Modal } from '@mantine/core';
import { HelpLink } from './help-link.tsx';

/** The 'Profit breakdown' dialog of deals and favorites: its title with the help link, and the breakdown inside. */
export function ProfitBreakdownDialog({ opened, onClose, children }: { opened: boolean; onClose: () => void; children: ReactNode }) {
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
    </Modal>
  );
}
