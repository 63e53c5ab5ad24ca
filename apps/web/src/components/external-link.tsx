import type { ReactNode } from 'react';
import { Anchor, Group } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';

/** A link to another site (Qogita, Amazon): opens in a new tab, without access to this page, with the external icon. */
export function ExternalLink({ href, size = 'xs', fw, children }: { href: string; size?: 'xs' | 'sm'; fw?: number; children: ReactNode }) {
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" size={size} fw={fw}>
      <Group gap={size === 'sm' ? 4 : 2} component="span" wrap="nowrap">
        {children} <IconExternalLink size={size === 'sm' ? 14 : 12} />
      </Group>
    </Anchor>
  );
}
