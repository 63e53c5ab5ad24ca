import { CURRENCY_SYMBOLS, isAmazonBuyBox } from './markets.ts';
import { formatCount } from './number-format.ts';

/**
 * Warnings on every deal and favorite (docs/trusted-deals.md): signs that the match or the price may not be
 * what it seems. One pure rule per warning; each gives a one-line reason. The server stores them with the deal
 * (filterable, in the downloads); the cards show them as badges.
 */

export const DEAL_WARNING_CODES = ['pack', 'bundle', 'high_roi', 'no_buy_box', 'amazon_buy_box', 'several_asins', 'above_average'] as const;
export type DealWarningCode = (typeof DEAL_WARNING_CODES)[number];

export const DEAL_WARNING_LABELS: Record<DealWarningCode, string> = {
  pack: 'Pack listing',
  bundle: 'Bundle / set',
  high_roi: 'ROI above 200 %',
  no_buy_box: 'No buy box',
  amazon_buy_box: 'Amazon holds the buy box',
  several_asins: 'Several ASINs',
  above_average: 'Above 90-day average',
};

export interface DealWarning {
  code: DealWarningCode;
  /** One line, e.g. 'ROI 412 % is above 200 %: likely a wrong match.' */
  reason: string;
}

/** An ROI above this (percent) is more often a wrong match (a single unit matched to a multipack's price) than a deal. */
export const SUSPICIOUS_ROI_PERCENT = 200;
/** A buy box more than this much above its 90-day average (0.3 = 30 %) is a spike, not a price to plan with. */
export const ABOVE_AVERAGE_SHARE = 0.3;

/**
 * Titles of bundles and sets (several different products, or a gift set of the product): English, German, French,
 * Italian and Spanish words Amazon listings use. A pack of the same unit ("Pack of 4") is the `pack` warning instead.
 */
const BUNDLE_TITLE =
  /\b(bundle|gift ?set|set of \d+|geschenk-?set|geschenkbox|coffret|kit|lot de \d+|confezione regalo|estuche|\d+[- ]?(?:teiliges|tlg\.?|piece|pcs)[- ]?set)\b/i;

export interface DealWarningInput {
  market: string;
  /** Currency of the prices below (the market's). */
  currency: string;
  /** Units the matched listing sells (the pack count used for the cost). */
  numberOfPacks: number;
  /** The listing's title. */
  title: string | null;
  /** ROI in percent (25.3 = 25.3 %); null when not computed. */
  roiPercentage: number | null;
  /** Buy box in major units of `currency`; null: no buy box. */
  buyBoxPrice: number | null;
  buyBoxSellerId: string | null;
  /** Other listings of the same EAN in the market. */
  otherListings: number;
  /** 90-day average buy box, major units of `currency`; null: unknown. */
  buyBoxAvg90: number | null;
}

const money = (value: number, currency: string) => `${CURRENCY_SYMBOLS[currency] ?? `${currency} `}${value.toFixed(2)}`;
const percent = (value: number) => `${formatCount(Math.round(value))} %`;

/** The warnings of one deal, in the order of DEAL_WARNING_CODES. */
export function dealWarnings(input: DealWarningInput): DealWarning[] {
  const out: DealWarning[] = [];
  if (input.numberOfPacks > 1) {
    out.push({
      code: 'pack',
      reason: `The listing sells ${input.numberOfPacks} units: the cost counts ${input.numberOfPacks} of the supplier's units; check the pack size.`,
    });
  }
  if (input.title && BUNDLE_TITLE.test(input.title)) {
    out.push({ code: 'bundle', reason: "The title reads like a bundle or set: check it is the same product as the supplier's." });
  }
  if (input.roiPercentage !== null && input.roiPercentage > SUSPICIOUS_ROI_PERCENT) {
    out.push({
      code: 'high_roi',
      reason: `ROI ${percent(input.roiPercentage)} is above ${SUSPICIOUS_ROI_PERCENT} %: likely a wrong match (pack size, variant).`,
    });
  }
  if (input.buyBoxPrice === null) {
    out.push({ code: 'no_buy_box', reason: 'No buy box: nobody wins the sale at a set price now.' });
  } else if (isAmazonBuyBox(input.market, input.buyBoxSellerId)) {
    out.push({ code: 'amazon_buy_box', reason: 'Amazon holds the buy box: third-party sellers rarely win it.' });
  }
  if (input.otherListings > 0) {
    const n = input.otherListings + 1;
    out.push({ code: 'several_asins', reason: `${n} Amazon listings carry this EAN: check which one the supplier's product is.` });
  }
  if (input.buyBoxPrice !== null && input.buyBoxAvg90 !== null && input.buyBoxAvg90 > 0 && input.buyBoxPrice > input.buyBoxAvg90 * (1 + ABOVE_AVERAGE_SHARE)) {
    const above = (input.buyBoxPrice / input.buyBoxAvg90 - 1) * 100;
    out.push({
      code: 'above_average',
      reason: `The buy box ${money(input.buyBoxPrice, input.currency)} is ${percent(above)} above its 90-day average ${money(input.buyBoxAvg90, input.currency)}.`,
    });
  }
  return out;
}
