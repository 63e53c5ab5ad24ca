import { list, note, p, steps, type HelpDoc } from './help-doc.ts';

export const brandAnalysisDoc: HelpDoc = {
  slug: 'brand-analysis',
  title: 'Brand Analysis',
  summary: 'Check every wholesale product of chosen brands on Amazon and keep the profitable ones as favorites.',
  sections: [
    {
      id: 'scan',
      title: 'Running a brand scan',
      blocks: [
        steps(
          'Choose one or more brands (grouped by category: Skincare, Makeup, Hair Care, Fragrance, Personal Care, Other) and one or more Amazon markets.',
          "Start Scan. It stays disabled until both a brand and a market are chosen; trying without them says 'Please select at least one brand and one market'.",
          'The status panel shows the current brand and market with a bar for each. You may leave the page: a running scan is resumed when you come back.',
        ),
        p(
          'Every product of the chosen brands on the wholesale marketplace is looked up on Amazon in each market. A product whose ROI reaches your minimum ROI becomes a favorite; a favorite that no longer reaches it is removed by the next scan.',
        ),
      ],
    },
    {
      id: 'limits',
      title: 'Brand checks and plans',
      blocks: [
        list(
          'Each brand scanned counts as one brand check, whatever the number of markets.',
          'Starter: 5 brand checks a day and one market per scan. Growth: 50 checks a day, several markets. Pro: unlimited. Free: brand scans are not included.',
          'A scan with more brands than checks left today is refused with a sentence saying how many are left; the count starts again at midnight UTC.',
        ),
      ],
    },
    {
      id: 'favorites',
      title: 'Favorites',
      blocks: [
        list(
          'Each card shows the product, the ROI badge (green from 20 %, yellow from 10 %, orange from 5 %, red below), profit, prices, the sales ranks and links to the product on each Amazon market a brand scan covers (Germany, United Kingdom, France, Italy, Spain).',
          "Profit breakdown on the card shows how the profit was computed — the same lines as a supplier deal's: buy box price, VAT, every fee line with its rule, cost, profit, ROI and the break-even price — and the wholesale price. Favorites found before 29 November 2026 get their breakdown at their next scan.",
          'A card is highlighted light red when the main sales rank is above 50,000 or unknown: the product may sell slowly.',
          'Prices are in pounds for the UK market and in euro for the others. Qogita sells in euro: a UK favorite\'s wholesale price shows Qogita\'s euro price beside the pounds, with the rate and its day ("€7.29 · £6.38 at 0.8745 on 28 Nov"). The same product as a supplier deal in the UK market shows its pound profit beside the euro one, so the two screens reconcile (How profit and ROI are computed → Currencies).',
          'Filter by brand and market, sort by rank, ROI, Amazon price, supplier price, date or "90-day stability" (the steadiest first), keep only favorites profitable on at least a share of the last 90 days, and delete one favorite or all of them (both ask first).',
          'With your Amazon seller account connected (Settings), each favorite shows whether you may sell it — Can sell, Approval required (with Amazon\'s link), Not eligible or Not checked — also in its profit breakdown; "Can I sell it?" keeps only what you can sell or hides the not eligible ones, and Check again beside the badge asks Amazon at once.',
          "Each favorite also shows its sales estimate — units a month with what they rest on, your share and what it would earn a month, in the favorite's currency — on the card and in the breakdown (sort by 'Monthly profit (estimate)', or keep only favorites reaching a share in units a month or a monthly profit), and for a favorite that needs approval what approval would earn beside an ungating invoice (Deals Analyzer → Sales estimate).",
          "Add to buy list on a favorite puts it on your organization's buy list, in the group of its Qogita seller (see Buy list → Brand favorites).",
          "Download CSV saves every favorite with the filters and order on screen (money in each favorite's currency), with the columns listingRestriction and listingApprovalUrl, and the estimates estimatedUnitsPerMonth, salesEstimateBasis, estimatedSellerUnitsPerMonth and estimatedMonthlyProfit.",
        ),
        note('Profit and ROI follow How profit and ROI are computed, with the wholesale price excluding VAT as your cost.'),
      ],
    },
  ],
};
