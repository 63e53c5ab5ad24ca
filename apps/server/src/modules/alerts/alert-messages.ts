import { COMPANY_NAME } from '@dealradar/shared/constants';
import { DROP_CATEGORY_LABELS, type DropCategory } from '@dealradar/shared/drops';
import { conversionOf, formatMoney, fromListCurrency, rateText, type Conversion } from '@dealradar/shared/money';
import { formatCount, NO_VALUE } from '@dealradar/shared/number-format';
import type { MailMessage } from '../../lib/mail/mailer.ts';
import { escapeHtml, renderActionEmail } from '../../lib/mail/render.ts';
import type { EndedBrandScan } from '../brand-analyzer/brand-scan.service.ts';
import type { EndedScan } from '../scans/scans.service.ts';
import type { NewScanFinishedDelivery } from './alert-deliveries.repository.ts';

/**
 * The words of alert messages: e-mails (one rule's drops, digests, tests) and webhook bodies (generic, Discord, Slack).
 * Money by the one rule (docs/money.md): a drop's prices are Qogita's euro prices; a user whose region is the UK gets
 * the pounds beside them with the rate and its day ('€10.00 → €8.00 excl. VAT · £8.75 → £7.00 at 0.8745 on 28 Nov').
 */

export interface AlertItem {
  dropId: number;
  gtin: string;
  name: string;
  brand: string;
  category: string;
  dropPercentage: number;
  /** EUR cents excluding VAT. */
  oldPrice: number;
  newPrice: number;
  stock: number | null;
  url: string | null;
  roi: number | null;
  roiMarket: string | null;
  /** In digests: the rule that matched. */
  rule?: string;
}

export interface AlertContent {
  kind: 'drops' | 'digest' | 'test';
  summary: string;
  ruleName: string | null;
  dropCount: number;
  items: AlertItem[];
  appUrl: string;
  /** The user's region currency when it is not the euro, with the EUR rate and its day (the UK: GBP). */
  regionFx?: RegionFx | null;
}

export interface RegionFx {
  currency: string;
  /** 1 EUR in `currency`. */
  rate: number;
  /** YYYY-MM-DD. */
  date: string;
}

const euro = (cents: number) => formatMoney(cents / 100, 'EUR');
const conversionOfRegion = (fx: RegionFx | null | undefined): Conversion | null =>
  fx && fx.currency !== 'EUR' && fx.rate > 0 ? conversionOf(fx.currency, 'EUR', fx.rate, 1, fx.date) : null;
/** A EUR price in the region's currency (major units), by the rule's rounding. */
const regional = (cents: number, conversion: Conversion) => fromListCurrency(cents / 100, conversion);
const pct = (value: number) => `${Number(value).toFixed(1)} %`;

/**
 * One line per drop: "Nivea Creme 150 ml (Nivea) −20.0 %: €10.00 → €8.00 excl. VAT · ROI 35.0 % on DE · 12 left"; with
 * a region currency other than the euro its prices follow the euro ones: "… excl. VAT · £8.75 → £7.00 at 0.8745 on 28 Nov".
 */
export function itemLine(item: AlertItem, regionFx?: RegionFx | null): string {
  const parts = [`${item.name} (${item.brand}) −${pct(item.dropPercentage)}: ${euro(item.oldPrice)} → ${euro(item.newPrice)} excl. VAT`];
  const conversion = conversionOfRegion(regionFx);
  if (conversion) {
    const currency = conversion.currency;
    parts.push(
      `${formatMoney(regional(item.oldPrice, conversion), currency)} → ${formatMoney(regional(item.newPrice, conversion), currency)} ${rateText(conversion)}`,
    );
  }
  if (item.roi !== null && item.roi !== undefined) parts.push(`ROI ${pct(item.roi)}${item.roiMarket ? ` on ${item.roiMarket}` : ''}`);
  if (item.stock !== null && item.stock !== undefined) parts.push(`${item.stock} left`);
  if (item.rule) parts.push(`rule "${item.rule}"`);
  return parts.join(' · ');
}

function moreLine(content: AlertContent): string | null {
  const more = content.dropCount - content.items.length;
  return more > 0 ? `…and ${more} more on the Price Alerts screen.` : null;
}

export function alertSubject(content: AlertContent): string {
  if (content.kind === 'test') return `${COMPANY_NAME} test alert`;
  return `${COMPANY_NAME}: ${content.summary}`;
}

/** The alert e-mail with the one-click unsubscribe link (also the List-Unsubscribe header, RFC 8058). */
export function alertEmail(to: string, content: AlertContent, unsubscribeUrl: string): MailMessage {
  const alertsUrl = `${content.appUrl}/qogita-price-alerts/alerts`;
  const intro =
    content.kind === 'test'
      ? `This is a test message of your alert rule "${content.ruleName ?? ''}". Real alerts look like this:`
      : content.kind === 'digest'
        ? `Price drops that matched your alert rules since the last digest:`
        : `New wholesale price drops matched your alert rule "${content.ruleName ?? ''}":`;
  const lines = content.items.map((item) => itemLine(item, content.regionFx));
  const more = moreLine(content);
  const text = [
    intro,
    '',
    ...lines.map((l, i) => `${l}${content.items[i]!.url ? `\n  ${content.items[i]!.url}` : ''}`),
    ...(more ? ['', more] : []),
    '',
    `Your alert rules and the delivery log: ${alertsUrl}`,
    `Stop these e-mails: ${unsubscribeUrl}`,
    '',
    `— ${COMPANY_NAME}`,
  ].join('\n');
  const li = content.items
    .map((item, i) => `<li style="margin:0 0 8px">${item.url ? `<a href="${escapeHtml(item.url)}">${escapeHtml(lines[i]!)}</a>` : escapeHtml(lines[i]!)}</li>`)
    .join('\n');
  const html = `<!doctype html>
<html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;line-height:1.5">
<div style="max-width:640px;margin:0 auto;padding:24px">
<p>${escapeHtml(intro)}</p>
<ul style="padding-left:18px">${li}</ul>
${more ? `<p>${escapeHtml(more)}</p>` : ''}
<p><a href="${escapeHtml(alertsUrl)}">Your alert rules and the delivery log</a></p>
<p style="font-size:12px;color:#52606d">You receive this because you set up a price-drop alert. <a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe from alert e-mails</a>.</p>
</div></body></html>`;
  return {
    to,
    subject: alertSubject(content),
    text,
    html,
    links: [unsubscribeUrl],
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** The JSON body of a webhook in the rule's format. */
export function webhookBody(format: 'generic' | 'discord' | 'slack', content: AlertContent, sentAt: Date): string {
  const title = content.kind === 'test' ? `${COMPANY_NAME} test alert (rule "${content.ruleName ?? ''}")` : `${COMPANY_NAME}: ${content.summary}`;
  const more = moreLine(content);
  if (format === 'discord') {
    // Discord: content ≤ 2000 characters, ≤ 10 embeds; one embed per drop (the first nine) and the rest as text.
    return JSON.stringify({
      content: [title, more].filter(Boolean).join('\n').slice(0, 2000),
      embeds: content.items.slice(0, 10).map((item) => ({
        title: `${item.name} −${pct(item.dropPercentage)}`.slice(0, 256),
        url: item.url ?? undefined,
        description: itemLine(item, content.regionFx).slice(0, 4000),
        fields: [
          { name: 'Brand', value: item.brand || NO_VALUE, inline: true },
          { name: 'Category', value: DROP_CATEGORY_LABELS[item.category as DropCategory] ?? item.category, inline: true },
          { name: 'New price (excl. VAT)', value: newPriceText(item, content.regionFx), inline: true },
        ],
      })),
    });
  }
  if (format === 'slack') {
    const bullet = (item: AlertItem) =>
      `• ${item.url ? `<${item.url}|${item.name}>` : item.name}: ${itemLine({ ...item, name: '' }, content.regionFx).replace(/^ \(/, '(')}`;
    return JSON.stringify({
      text: title,
      blocks: [
        { type: 'section', text: { type: 'mrkdwn', text: `*${title}*` } },
        {
          type: 'section',
          text: { type: 'mrkdwn', text: [...content.items.slice(0, 20).map(bullet), more].filter(Boolean).join('\n').slice(0, 3000) || NO_VALUE },
        },
      ],
    });
  }
  const conversion = conversionOfRegion(content.regionFx);
  return JSON.stringify({
    type: content.kind === 'test' ? 'test' : 'price_drops',
    rule: content.ruleName,
    summary: content.summary,
    dropCount: content.dropCount,
    sentAt: sentAt.toISOString(),
    drops: content.items.map((item) => ({
      gtin: item.gtin,
      name: item.name,
      brand: item.brand,
      category: item.category,
      dropPercentage: Number(item.dropPercentage),
      oldPriceExclVat: item.oldPrice / 100,
      newPriceExclVat: item.newPrice / 100,
      currency: 'EUR',
      // The region's currency beside the EUR prices (docs/money.md): the UK's pounds at the day's reference rate.
      ...(conversion
        ? {
            regionCurrency: conversion.currency,
            oldPriceExclVatRegion: regional(item.oldPrice, conversion),
            newPriceExclVatRegion: regional(item.newPrice, conversion),
            fxRate: conversion.rate,
            fxDate: conversion.date,
          }
        : {}),
      stock: item.stock,
      url: item.url,
      roiPercentage: item.roi === null ? null : Number(item.roi),
      roiMarket: item.roiMarket,
    })),
  });
}

/** '€8.00', or with a region currency '€8.00 · £7.00 at 0.8745 on 28 Nov'. */
function newPriceText(item: AlertItem, regionFx: RegionFx | null | undefined): string {
  const conversion = conversionOfRegion(regionFx);
  if (!conversion) return euro(item.newPrice);
  return `${euro(item.newPrice)} · ${formatMoney(regional(item.newPrice, conversion), conversion.currency)} ${rateText(conversion)}`;
}

/** The sample drop of a test message. */
export function sampleItem(): AlertItem {
  return {
    dropId: 0,
    gtin: '4005900009999',
    name: 'Sample product (test message)',
    brand: 'Nivea',
    category: 'SMALL',
    dropPercentage: 20,
    oldPrice: 1000,
    newPrice: 800,
    stock: 12,
    url: null,
    roi: 35,
    roiMarket: 'DE',
  };
}

/** What a scan-finished delivery carries (built by the database sweep). */
export interface ScanFinishedItem {
  label: string;
  path: string;
  status: 'COMPLETED' | 'ERROR';
  name: string;
  error: string | null;
  totalEans?: number;
  processedEans?: number;
  matchedProducts?: number;
  dealsFound?: number;
  brands?: number;
  markets?: string;
  favorites?: number;
}

/** The scan-finished e-mail of a supplier or CSV Template scan: its subject and item. */
export function scanFinishedMessage(scan: EndedScan): NewScanFinishedDelivery {
  const label = scan.kind === 'supplier' ? 'Supplier scan' : 'CSV Template scan';
  const item: ScanFinishedItem = {
    label,
    path: scan.kind === 'supplier' ? '/supplier-level-analyzer' : '/csv-template-analyzer',
    status: scan.status,
    name: scan.fileName,
    error: scan.error,
    totalEans: scan.totalEans,
    processedEans: scan.processedEans,
    matchedProducts: scan.matchedProducts,
    dealsFound: scan.dealsFound,
  };
  return { ref: `scan:${scan.id}`, userId: scan.userId, summary: scanFinishedSummary(item), item };
}

/** The scan-finished e-mail of a brand scan: named by its first three brands ("…and N more"). */
export function brandScanFinishedMessage(scan: EndedBrandScan): NewScanFinishedDelivery {
  const more = scan.brands.length > 3 ? ` and ${scan.brands.length - 3} more` : '';
  const item: ScanFinishedItem = {
    label: 'Brand scan',
    path: '/brand-level-analyzer',
    status: scan.status,
    name: scan.brands.slice(0, 3).join(', ') + more,
    error: scan.error,
    brands: scan.brands.length,
    markets: scan.markets.join(', '),
    favorites: scan.favorites,
  };
  return { ref: `brand:${scan.id}`, userId: scan.userId, summary: scanFinishedSummary(item), item };
}

function scanFinishedSummary(item: ScanFinishedItem): string {
  return `${item.label} "${item.name}" ${item.status === 'COMPLETED' ? 'finished' : 'failed'}`;
}

const n = (value: number | undefined) => formatCount(value ?? 0);

/** The scan-finished e-mail: the counts and a link to the screen, with its own one-click unsubscribe. */
export function scanFinishedEmail(to: string, username: string, summary: string, item: ScanFinishedItem, appUrl: string, unsubscribeUrl: string): MailMessage {
  const counts =
    item.brands !== undefined
      ? [`Brands: ${n(item.brands)} in ${item.markets ?? ''}`, `Favorites kept: ${n(item.favorites)}`]
      : [
          `EANs analyzed: ${n(item.processedEans)} of ${n(item.totalEans)}`,
          `Products found on Amazon: ${n(item.matchedProducts)}`,
          `Deals: ${n(item.dealsFound)}`,
        ];
  const lines = [`Your ${item.label.toLowerCase()} "${item.name}" has ${item.status === 'COMPLETED' ? 'finished' : 'failed'}.`, ...counts];
  if (item.error) lines.push(`Error: ${item.error}`);
  const message = renderActionEmail({
    to,
    subject: `${COMPANY_NAME}: ${summary}`,
    greeting: `Hello ${username},`,
    lines,
    actionLabel: item.status === 'COMPLETED' ? 'Open the results' : 'Open the analyzer',
    url: `${appUrl}${item.path}`,
    footerLines: [`You receive this because a scan ran longer than 2 minutes. Stop these e-mails: ${unsubscribeUrl}`],
  });
  return {
    ...message,
    links: [...(message.links ?? []), unsubscribeUrl],
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
