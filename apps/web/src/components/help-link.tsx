import { ActionIcon, Tooltip } from '@mantine/core';
import { IconHelpCircle } from '@tabler/icons-react';

/** The address of a help page, or of one of its sections. */
export function helpHref(doc: string, section?: string): string {
  return `/help/${doc}${section ? `#${section}` : ''}`;
}

/**
 * The "?" next to something a user may wonder about (the profit breakdown, a screen's title): opens that help page in a
 * new tab, so the screen — an open dialog, a running scan — stays as it is.
 */
export function HelpLink({ doc, section, label }: { doc: string; section?: string; label: string }) {
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        component="a"
        href={helpHref(doc, section)}
        target="_blank"
        rel="noopener"
        variant="subtle"
        color="gray"
        size="sm"
        aria-label={label}
        data-testid="help-link"
      >
        <IconHelpCircle size={18} />
      </ActionIcon>
    </Tooltip>
  );
}
