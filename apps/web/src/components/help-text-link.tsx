import { Anchor } from '@mantine/core';
import { helpHref } from './help-link.tsx';

/** An inline "learn more" link to a help page, opened in a new tab (the screen keeps its state). */
export function HelpTextLink({ doc, section, children }: { doc: string; section?: string; children: string }) {
  return (
    <Anchor href={helpHref(doc, section)} target="_blank" rel="noopener" size="sm" data-testid="help-text-link">
      {children}
    </Anchor>
  );
}
