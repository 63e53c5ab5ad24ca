import type { MoneyParts } from '@dealradar/shared/money';

const keep = { whiteSpace: 'nowrap' } as const;

/**
 * A rule string of the money display rule (docs/money.md) whose pieces never break apart: a sign stays with its amount
 * ("− £2.99", not "−" on a line of its own) and the converted amount with its currency; only the rate may wrap.
 * Its text is exactly joinMoneyParts(parts), with `sign` ('− ' or '+ ') before it.
 */
export function MoneyText({ parts, sign = '', testId, stacked = false }: { parts: MoneyParts; sign?: string; testId?: string; stacked?: boolean }) {
  const rest = parts.second !== null && (
    <>
      {' · '}
      <span style={keep}>{parts.second}</span>
      {parts.rate ? ` ${parts.rate}` : ''}
    </>
  );
  return (
    <span data-testid={testId}>
      <span style={keep}>
        {sign}
        {parts.first}
      </span>
      {/* Stacked (tables on a phone): the list amount and the rate on a smaller second line, the same words. */}
      {stacked && rest ? (
        <span style={{ display: 'block', fontSize: '0.8em', color: 'var(--mantine-color-dimmed)', fontFamily: 'var(--mantine-font-family)' }}>{rest}</span>
      ) : (
        rest
      )}
    </span>
  );
}
