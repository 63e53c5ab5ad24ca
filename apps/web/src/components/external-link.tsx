import type { ReactNode } from 'react';
import { ActionIcon, Anchor, Group, Tooltip } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';

/**
 * A link to another site (Qogita, Amazon): opens in a new tab, without access to this page, with the external icon.
 * `iconOnly` shows just the icon (narrow table columns); the text is then its accessible name and tooltip.
 */
export function ExternalLink({
  href,
  size = 'xs',
  fw,
  iconOnly = false,
  children,
}: {
  href: string;
  size?: 'xs' | 'sm';
  fw?: number;
  iconOnly?: boolean;
  children: string | ReactNode;
}) {
  if (iconOnly) {
    return (
      <Tooltip label={children} withArrow>
        <ActionIcon
          component="a"
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          variant="subtle"
          aria-label={typeof children === 'string' ? children : undefined}
        >
          <IconExternalLink size={16} />
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" size={size} fw={fw}>
      <Group gap={size === 'sm' ? 4 : 2} component="span" wrap="nowrap">
        {children} <IconExternalLink size={size === 'sm' ? 14 : 12} />
      </Group>
    </Anchor>
  );
}
