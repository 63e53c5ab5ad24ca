/**
 * ECB euro foreign exchange reference rates (eurofxref-daily.xml): published once a day around 16:00 CET.
 * GET {ECB_BASE_URL}/stats/eurofxref/eurofxref-daily.xml →
 *   <Cube><Cube time="2026-11-20"><Cube currency="USD" rate="1.0821"/>…</Cube></Cube>
 */
export async function fetchEcbDailyRates(
  baseUrl: string,
  options: { timeoutMs?: number; fetchImpl?: typeof fetch } = {},
): Promise<{ date: string; rates: Record<string, number> }> {
  const url = `${baseUrl.replace(/\/$/, '')}/stats/eurofxref/eurofxref-daily.xml`;
  const response = await (options.fetchImpl ?? fetch)(url, { signal: AbortSignal.timeout(options.timeoutMs ?? 10_000) });
  if (!response.ok) throw new Error(`ECB answered ${response.status}`);
  return parseEcbDailyXml(await response.text());
}

export function parseEcbDailyXml(xml: string): { date: string; rates: Record<string, number> } {
  const date = /<Cube\s+time=["'](\d{4}-\d{2}-\d{2})["']/.exec(xml)?.[1];
  if (!date) throw new Error('The ECB answer has no reference date.');
  const rates: Record<string, number> = { EUR: 1 };
  const pattern = /<Cube\s+currency=["']([A-Z]{3})["']\s+rate=["']([0-9.]+)["']\s*\/?>/g;
  for (let m = pattern.exec(xml); m; m = pattern.exec(xml)) {
    const rate = Number(m[2]);
    if (rate > 0) rates[m[1]!] = rate;
  }
  if (Object.keys(rates).length < 2) throw new Error('The ECB answer has no rates.');
  return { date, rates };
}
