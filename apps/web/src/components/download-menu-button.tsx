import { ActionIcon, Button, Group, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import type { DownloadFormat } from '@dealradar/shared/contracts/scans';
import { DOWNLOAD_FORMAT_OPTIONS } from '../lib/download-formats.ts';

interface DownloadMenuButtonProps {
  label: string;
  loading?: boolean;
  disabled?: boolean;
  onDownload: (format: DownloadFormat) => void;
}

/** A download button (CSV, SPEC's default) with a menu of every format: CSV, CSV for Excel, XLSX. */
export function DownloadMenuButton({ label, loading, disabled, onDownload }: DownloadMenuButtonProps) {
  return (
    <Group gap={0} wrap="nowrap">
      <Button
        size="xs"
        leftSection={<IconDownload size={14} />}
        loading={loading}
        disabled={disabled}
        onClick={() => onDownload('csv')}
        style={{ borderTopRightRadius: 0, borderBottomRightRadius: 0 }}
      >
        {label}
      </Button>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            size={30}
            variant="filled"
            aria-label="More download formats"
            disabled={disabled || loading}
            style={{ borderTopLeftRadius: 0, borderBottomLeftRadius: 0, borderLeft: '1px solid var(--mantine-color-indigo-3)' }}
          >
            <IconChevronDown size={14} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {DOWNLOAD_FORMAT_OPTIONS.map((option) => (
            <Menu.Item key={option.format} onClick={() => onDownload(option.format)}>
              {option.label}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
