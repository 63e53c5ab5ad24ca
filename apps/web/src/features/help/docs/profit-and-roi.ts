import { list, note, p, table, type HelpDoc } from './help-doc.ts';

/** The profit engine (packages/shared/src/profit.ts, docs/market-data.md) in the words of a reseller. */
export const profitAndRoiDoc: HelpDoc = {
  slug: 'profit-and-roi',
  title: 'How profit and ROI are computed',
  summary:
    'Every line of the profit breakdown: Amazon price, VAT, referral fee, Digital Services Fee, FBA fee, VAT on fees, your cost, profit, ROI, the break-even and maximum buy prices, and how amounts in two currencies are shown.',
  sections: [
    {
      id: 'fee-lines',
      title: 'The lines of a profit breakdown',
      blocks: [
        p(
          "Every deal, favorite and price drop is worked out the same way, in the currency of the Amazon market (for example pounds on amazon.co.uk). The supplier price (excluding VAT) is converted to that currency at the day's reference rate, which the breakdown shows. How a breakdown in pounds agrees with a list in euro: see Currencies below.",
        ),
        table(
          ['line', 'how it is computed'],
          [
            ['Buy box price', 'What the buyer pays on Amazon today (the buy box), including VAT in European markets.'],
            ['VAT', 'The VAT inside the price: price − price ÷ (1 + VAT rate). A VAT-registered seller pays it to the tax office, so it is not income.'],
            [
              'Referral fee',
              "Amazon's commission: the category schedule's percentage at this price, of the whole price (including VAT), at least the market's minimum per item.",
            ],
            [
              'Digital Services Fee',
              'A percentage Amazon adds to the referral fee and in some stores to the FBA fee, depending on where your business is established and the store (see below).',
            ],
            [
              'FBA fee',
              "Amazon's fulfilment fee of the listing; when Amazon does not give one, the market's typical fee for a small beauty item (marked as an estimate).",
            ],
            [
              "VAT on Amazon's fees",
              "Not VAT-registered: charged at your own country's rate and a cost. Registered in a country where Amazon charges local VAT: charged and reclaimed (two lines, net zero). Other registered sellers: none (reverse charge).",
            ],
            [
              'Cost',
              'Pack count × your unit cost (the supplier price excluding VAT, converted to the market currency; plus 21 % VAT when you are not VAT-registered).',
            ],
            ['Profit', 'Price − VAT − every fee line − cost.'],
            ['ROI', 'Profit ÷ cost, in percent: what each euro you spend brings back on top.'],
            ['Break-even price', 'The lowest buy box price at which this cost makes no loss (see below).'],
          ],
        ),
        p(
          'Every fee line names the rule that produced it (for example "Beauty / Health & Personal Care referral schedule DE from 2019-06-01"), and the breakdown says which seller profile and which day\'s rules were used.',
        ),
        note(
          'Each line is rounded to the cent for display; the profit and the ROI are computed before rounding, so the lines may differ from the profit by a cent.',
        ),
      ],
    },
    {
      id: 'vat',
      title: 'VAT rates per market',
      blocks: [
        table(
          ['market', 'currency', 'VAT'],
          [
            ['Germany', 'EUR', '19 %'],
            ['United Kingdom', 'GBP', '20 %'],
            ['France', 'EUR', '20 %'],
            ['Italy', 'EUR', '22 %'],
            ['Spain', 'EUR', '21 %'],
            ['United States', 'USD', 'none (sales tax is not in the price)'],
            ['Canada', 'CAD', 'none'],
          ],
        ),
        p(
          'Sellers who are not VAT-registered keep the VAT in the price as income but cannot reclaim VAT on fees and on their purchases: their fees include VAT at the rate of their own country (a German seller on amazon.it pays 19 %, not 22 %), and their cost includes the 21 % VAT Qogita charges buyers without a VAT number — the same "incl. VAT" price the price-drop screens show.',
        ),
      ],
    },
    {
      id: 'referral-fees',
      title: 'Referral fees (beauty and personal care)',
      blocks: [
        table(
          ['market', 'price up to the threshold', 'above the threshold', 'threshold', 'minimum per item'],
          [
            ['Germany, France, Italy, Spain', '8 %', '15 %', '€10', '€0.30'],
            ['United Kingdom', '8 %', '15 %', '£10', '£0.25'],
            ['United States', '8 %', '15 %', '$10', '$0.30'],
            ['Canada', '8 %', '15 %', 'CA$10', 'CA$0.30'],
          ],
        ),
        p(
          "The rate applies to the whole price, not only to the part above the threshold; a price exactly at the threshold takes the lower rate. The listing's own rate from Keepa is Keepa's rate at Keepa's price: it only tells which category schedule applies; the rate is then taken from the schedule at the price being evaluated (a €10.49 buy box pays 15 % even when Keepa says 8.01 %). This also holds for the maximum buy price and the break-even price.",
        ),
        p(
          'Digital Services Fee (since October 2024): sellers established in the UK pay 2 %, in France, Italy, Spain or Canada 3 %, on referral and FBA fees in every store; sellers established elsewhere pay it in the UK and French stores (both fees) and on referral fees in Italy, Spain and Canada — 2 %, and 3 % in France, Italy and Spain since 20 March 2026.',
        ),
        p(
          'Amazon changes these rules every year. They are kept as dated rules: a profit uses the rules in force on the day it is computed. Administrators can see the rules in use under Settings → Fee rules in use.',
        ),
      ],
    },
    {
      id: 'seller-profile',
      title: 'Your seller profile',
      blocks: [
        p(
          "Settings → Seller profile: the country your business is established in and whether it is VAT-registered. Both change the Digital Services Fee and the VAT on Amazon's fees, so set them once. Until you do, the country of your primary region is used (United Kingdom, or Germany for continental Europe) and you count as VAT-registered.",
        ),
      ],
    },
    {
      id: 'buy-box',
      title: 'Amazon holds the buy box',
      blocks: [
        p(
          'When the current buy-box holder is Amazon itself in that market, deals, favorites and the price-drop profit basis say "Amazon holds the buy box" (and the downloads have a column for it). Winning sales against Amazon is hard; tick "Hide Amazon buy boxes" above the deals or favorites to leave those products out.',
        ),
      ],
    },
    {
      id: 'max-buy-price',
      title: 'Maximum buy price and break-even price',
      blocks: [
        list(
          'Max buy price: the highest supplier unit price (euro, excluding VAT, rounded down to the cent) at which the product still reaches your minimum ROI. Negotiate below it.',
          "Break-even price: the lowest Amazon price (buy box, as the buyer pays it) at which the sale does not lose money; the last line of every breakdown, in the market's currency.",
          "Your minimum ROI is the one in Settings on plans with an adjustable ROI filter, otherwise the plan's fixed value (see Plans and limits).",
        ),
      ],
    },
    {
      id: 'currencies',
      title: 'Currencies: one amount, two currencies',
      blocks: [
        p(
          "Every list has one currency: supplier deals are in euro; favorites are in pounds in the UK market and in euro elsewhere; price drops are in euro, as Qogita sells in euro. Where an amount is in another currency — the Amazon market's own, or your region's — it is shown beside the list's amount with the rate and the rate's day, so you can check that both are one amount:",
        ),
        table(
          ['where', 'what you see'],
          [
            [
              'Deal card, UK market (list in euro)',
              'Amazon price €22.81 with "£19.95 · €22.81 at 0.8745 on 28 Nov"; profit €5.43 with "£4.75 · €5.43 at 0.8745 on 28 Nov"',
            ],
            ['Its profit breakdown (in pounds)', 'Profit "£4.75 · €5.43 at 0.8745 on 28 Nov": the same words as on the card; every line the same way'],
            [
              '"All markets" card',
              "The markets compared in your region's currency, named on the card, each profit with its euro amount: \"FR · profit £13.10 · €14.98 at 0.8745 on 28 Nov\"; the best market's euro amount is the card's profit",
            ],
            ['UK favorite (list in pounds)', 'Wholesale price £6.38 with Qogita\'s euro price "€7.29 · £6.38 at 0.8745 on 28 Nov"'],
            ['Price drop, UK region', '"€7.29 · £6.38 at 0.8745 on 28 Nov": Qogita\'s euro price, your pounds beside it'],
            ['Alert e-mail, UK region', '"€10.00 → €8.00 excl. VAT · £8.75 → £7.00 at 0.8745 on 28 Nov"'],
          ],
        ),
        list(
          "The rate is the European Central Bank's reference rate of that day, written as euro to the other currency (1 EUR = 0.8745 GBP), whichever of the two the list uses.",
          "The euro amount is the other amount divided by the rate, rounded to the cent: £4.75 ÷ 0.8745 = €5.43. A market's own amount is never worked back from the euro one.",
          'In a euro market (Germany, France, Italy, Spain) a supplier deal has only euro amounts; nothing is shown twice.',
          "Downloads carry both: the euro columns (estimatedProfit, amazonPrice, vat, …) and the market's (…MarketCurrency) with marketCurrency, fxRate and fxDate; see Deals Analyzer → Downloads.",
        ),
      ],
    },
    {
      id: 'example',
      title: 'A worked example',
      blocks: [
        p(
          'Germany, a VAT-registered seller established in Germany: the buy box is €19.99, the referral fee 15 % (the price is above €10), the FBA fee €2.90, and the supplier sells one unit for €7.45. No Digital Services Fee applies; the 19 % VAT Amazon charges on its fees (€1.12) is reclaimed, so it nets to zero.',
        ),
        table(
          ['line', 'amount'],
          [
            ['Buy box price', '€19.99'],
            ['VAT 19 %', '− €3.19'],
            ['Referral fee 15 %', '− €3.00'],
            ['FBA fee', '− €2.90'],
            ["VAT 19 % on Amazon's fees", '− €1.12'],
            ["VAT on Amazon's fees reclaimed", '+ €1.12'],
            ['Cost 1 × €7.45', '− €7.45'],
            ['Profit', '€3.45'],
            ['ROI', '46.31 %'],
          ],
        ),
        p('At a minimum ROI of 20 % the maximum buy price is €9.08; the break-even price is €15.00.'),
      ],
    },
    {
      id: 'deal-rules',
      title: 'When a product is a deal',
      blocks: [
        list(
          'It has a buy box on Amazon in the chosen market (no buy box: no price to sell at, so no deal).',
          'Its ROI reaches your minimum ROI at the time the scan started.',
          'Deals and favorites expire 24 hours after they were found, because prices move; scan again for fresh figures.',
        ),
      ],
    },
    {
      id: 'amazon-fee-estimate',
      title: "Amazon's own fee estimate",
      blocks: [
        p(
          "When your organization has connected its Amazon seller account (Settings), the profit breakdown of a deal or favorite, and the profit basis of a price drop (click its Best ROI), also asks Amazon what it would charge your account for this listing at the buy box price, shipped by Amazon (FBA), and shows it beside our figures: referral fee, FBA fee, closing fee, Digital Services Fee and the total, all before VAT on fees. The top 20 deals of each supplier scan and the top 20 favorites of each brand scan (by profit) are asked in the background too, so their breakdowns open at once. Amazon's answer is kept for a day per listing and price.",
        ),
        list(
          "When Amazon's total differs from ours by more than €0.05 (or the same amount in the market's currency, at the day's reference rate) the breakdown marks it and lets you choose which fees to use for that listing: our fee rules or Amazon's estimate. The breakdown shows the profit with the fees you chose at once.",
          "Your choice holds for your whole organization and that listing (ASIN and market) until you change it: every later scan, brand scan and price refresh computes its profit with Amazon's fee parts (the referral fee as the same share of the price, the other fees as they were). VAT on fees still follows your seller profile.",
          'Both sides are for the latest buy box price we hold for the listing, and our side is computed from our fee rules there: if the price moved since the deal was computed, the comparison is at the new price while the breakdown above keeps its own.',
          'When Amazon cannot estimate a listing (for example an ASIN it does not know in that store) the breakdown says so in a sentence; everything else works as before.',
          'Without a connected seller account the breakdown shows only a one-line hint.',
        ),
      ],
    },
  ],
};
