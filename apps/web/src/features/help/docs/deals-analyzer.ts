import { list, note, p, steps, table, type HelpDoc } from './help-doc.ts';

export const dealsAnalyzerDoc: HelpDoc = {
  slug: 'deals-analyzer',
  title: 'Deals Analyzer (csv)',
  summary: 'Check a supplier list or a few typed products against Amazon and keep the products that reach your ROI.',
  sections: [
    {
      id: 'start',
      title: 'Starting a scan',
      blocks: [
        steps(
          'Choose the Amazon market to compare with (Europe: Germany, United Kingdom, France, Italy, Spain; North America: United States, Canada), or — on the Growth and Pro plans — "All markets (best of 7)". Your last choice is remembered.',
          'Upload CSV: drop the supplier file (.csv or .xlsx) and check the columns in the dialog (see Preparing a supplier file). Or Manual entry: type EAN, brand and, optionally, the price ("4,20" or "4.20"; "4,2,0" is refused at the field), one product per row, in the currency chosen above the rows and with or without VAT (see Preparing a supplier file). A missing brand is marked at its field; tick "No brand: use the brand from the marketplace" to leave brands out. A row without a price is listed with its Amazon price, fees and the highest price to pay.',
          'Confirm. The scan runs in the background: you may leave the page, and it is resumed when you come back.',
        ),
        p(
          "Every valid EAN of the file counts once against your monthly EAN uploads. When fewer are left than the file has, the first ones are analyzed and the toast 'Scan Started (Partial)' says how many. When none are left, the upload area says so and takes no file until next month or an upgrade.",
        ),
      ],
    },
    {
      id: 'all-markets',
      title: 'All markets: the best market of each product',
      blocks: [
        list(
          "With \"All markets\" every product is priced in all seven markets, each in its own currency with your seller profile and that market's fees, and the profits are compared in your region's currency (pounds for the UK, euro for continental Europe) at the day's reference exchange rates.",
          'A product is a deal when it reaches your minimum ROI in at least one market. Its best market is the one with the highest profit among those where it reaches your minimum ROI (equal profit: the higher ROI); the runner-up is the next one. A market below your minimum ROI is never the best, even with a larger profit (a six-pack can earn more per sale at a far lower ROI).',
          'The deal card shows the best market\'s figures, with "Best market" and "Runner-up" under them in one comparison currency, named on the card ("Markets compared in GBP, your region\'s currency, each with the list\'s EUR"); each profit carries its euro amount, the rate and its day ("FR · profit £13.10 · €14.98 at 0.8745 on 28 Nov"), and the best market\'s euro amount is the card\'s own profit. Hover "Best of N markets" for every market where the product is a deal, with its profit in that market\'s own currency. Downloads add the columns bestMarket, runnerUpMarket, their profit (comparisonCurrency) and ROI, dealMarkets, comparisonFxRate and runnerUpProfitEur.',
          'Keepa charges per market: a new list costs about seven times the tokens of one market, and the estimate in the upload dialog counts all seven. Products already in the shared cache cost nothing. Every EAN counts once against your monthly EAN uploads.',
        ),
      ],
    },
    {
      id: 'progress',
      title: 'Progress and the scan report',
      blocks: [
        list(
          'The progress panel shows the share of EANs analyzed, the count and the time remaining from the start: until the first EANs are done it is estimated from the Keepa tokens the scan needs at your account\'s refill rate ("Time remaining: 11 h 31 min (estimated from the Keepa tokens this scan needs)"), then from the pace the scan has kept so far (never faster than your Keepa account refills).',
          'Cancel scan stops a running scan after a confirmation. The deals found until then stay in your list, the EANs not analyzed go back to your monthly allowance, and the panel shows the scan as CANCELLED with how far it got. A cancelled list is not kept for re-runs; upload it again to scan it all.',
          'When the scan is complete, \'Scan Completed\' says how many EANs were processed, and the panel lists the rows read, valid EANs, products found on Amazon, deals, and the rows not used, by reason, with their line numbers. The report stays there after a reload until you close it; "Download the rows not used (CSV)" gives all of them.',
          'Download deals saves the deals of the list (with its filters and order) as CSV, as "CSV for Excel (semicolon, decimal comma)" or as XLSX. The amounts of the list are in euro (currency says EUR: supplierPrice, amazonPrice, estimatedProfit, maxBuyPrice, vat, referralFee, fbaFee); beside them, in named columns, the same amounts in the Amazon market\'s currency (marketCurrency; amazonPriceMarketCurrency, estimatedProfitMarketCurrency, costMarketCurrency, vatMarketCurrency, referralFeeMarketCurrency, fbaFeeMarketCurrency, breakEvenPriceMarketCurrency) with the rate and its day (fxRate = 1 EUR in the market\'s currency, fxDate). Each euro amount is the market amount ÷ fxRate, to the cent, exactly as the card and the breakdown show them.',
          'An error ends the scan with a sentence saying why (in red); the EANs not analyzed go back to your monthly allowance.',
        ),
      ],
    },
    {
      id: 'deal-fields',
      title: 'What each field of a deal means',
      blocks: [
        table(
          ['field', 'meaning'],
          [
            ['ROI badge', 'Return on investment: profit ÷ cost. Green from 20 %, yellow from 10 %, orange from 5 %, red below.'],
            [
              'Profit',
              'What one sale earns after VAT, Amazon\'s fees and your cost, in euro. In a market with another currency (UK, US, Canada) the market\'s own profit is under it with the rate and its day ("£4.75 · €5.43 at 0.8745 on 28 Nov"), word for word as in the breakdown. The Profit breakdown button shows every line.',
            ],
            [
              'Supplier price / Unit cost',
              'Your unit cost in euro, excluding VAT. When the list quotes cases it reads "Unit cost", with "Case of 6: €17.70" under it (the case price divided by its units).',
            ],
            [
              'Amazon price',
              'Today\'s buy box price on Amazon, converted to euro; in a market with another currency the price as Amazon shows it is under it, with the rate and its day ("£19.95 · €22.81 at 0.8745 on 28 Nov"). Under it, the listing\'s pack count ("4-pack") when Amazon sells several units together: the cost of a sale is then that many unit costs.',
            ],
            [
              'Max buy price',
              'The highest unit price at which the product still reaches your minimum ROI as it is set now (change it in Settings and the price follows).',
            ],
            [
              'Sales rank',
              "Amazon's rank in the main category (lower sells more), with the beauty rank under it. Orange when above 50,000 or unknown: the product may sell slowly.",
            ],
            ['Monthly sales', 'An estimate of the units sold per month on that listing.'],
            ['Sellers', 'How many sellers offer the listing.'],
            ['Market', 'The Amazon market compared (DE, UK, FR, IT, ES, US, CA).'],
            ['Rating', 'Stars and number of reviews on Amazon.'],
            ['Buy box', "Who holds the buy box now; Amazon's own offer is shown as Amazon (hard to compete with)."],
            ['Found', 'When the scan found the deal; it expires 24 hours later (hover for the time).'],
            [
              'Profitable N % of the last 90 days',
              'On how many of the last 90 days the buy box would have given your minimum ROI at this price (days without a buy box count as not profitable), with the 30- and 90-day average buy box. A deal that was profitable on only a few days is a price spike, not a steady deal.',
            ],
            [
              'Warnings',
              'Yellow badges; hover for the reason. Pack listing (the listing sells several units), Bundle / set, ROI above 200 % (likely a wrong match), No buy box, Several ASINs (the EAN has other listings), Above 90-day average (a price spike).',
            ],
          ],
        ),
      ],
    },
    {
      id: 'deals-list',
      title: 'Sorting, filtering and clearing deals',
      blocks: [
        list(
          'Sort by rank (lowest first by default), ROI, profit, Amazon price, supplier price, monthly sales, sellers, rating or reviews; the order button flips the direction.',
          'Filter by brand and by market, hide Amazon\'s buy boxes or deals with chosen warnings, or keep only deals profitable on at least a share of the last 90 days; sort by "90-day stability" to see the steadiest first. With a connected Amazon seller account, "Can I sell it?" keeps only what Amazon says you can sell or hides the not eligible deals, and each card shows Amazon\'s answer (see Settings → Amazon seller account). Changing a filter or the sort returns to page 1; pages hold 100 deals.',
          'The list refreshes every 4 seconds while a scan adds deals.',
          'A newer scan replaces your older deal for the same EAN and market. Clear All removes every deal after a confirmation.',
          'The list shows the deals that reach your minimum ROI as it is set now: raise it in Settings and the deals below it leave the list (and its download); lower it again and they are back while they last.',
        ),
        note('Deals expire after 24 hours because Amazon prices move. Re-run the list (below) for fresh figures.'),
      ],
    },
    {
      id: 'sales-estimate',
      title: 'Sales estimate, your share and "Is approval worth it?"',
      blocks: [
        p(
          'Each deal card says how many units the listing sells a month, what it rests on, your share of them and what that share would earn. These are estimates, marked as such on the card, in the profit breakdown and in the downloads.',
        ),
        table(
          ['Basis (in this order)', 'Shown as', 'How good'],
          [
            ['Amazon\'s "bought in past month" figure', '≥ 300 bought last month', 'A floor: the listing sold at least this many.'],
            ['Sales-rank drops in the last 30 days', '≈ 25 from 30-day rank drops', 'Each drop is about one sale; fast sellers are under-counted.'],
            ['Sales-rank drops in the last 90 days ÷ 3', '≈ 45 from 90-day rank drops', 'As above, averaged over three months.'],
            [
              'The sales rank, by a rank-to-sales curve of the store',
              '≈ 20 from rank',
              'The roughest: an approximation without a verified table for Beauty; it can be off by half or more.',
            ],
          ],
        ),
        list(
          'Your share: the units are divided among the sellers who compete for the buy box — the FBA offers plus you. When Amazon itself holds the buy box part of the time, its share comes off first; when Amazon holds it 90 % of the time or more there is no FBA estimate.',
          'Estimated monthly profit = your share × the profit per unit of the deal.',
          'Sort the deals by "Monthly profit (estimate)", or keep only those where your share reaches a number of units a month ("Your units/month ≥") or the monthly profit an amount ("Monthly profit ≥ €"); deals without an estimate leave the list while such a filter is set.',
          "Downloads carry estimatedUnitsPerMonth, salesEstimateBasis, estimatedSellerUnitsPerMonth and estimatedMonthlyProfit, and follow the list's filters.",
          'Is approval worth it? For a deal that needs Amazon\'s approval (with a connected seller account), the card and the breakdown say what approval would earn a month beside what an ungating invoice costs: the units you set under Settings → Ungating invoice (10 to start) at the supplier price. For example "Approval would earn ≈ €84/month (estimate) · an ungating invoice of 10 units costs ≈ €72".',
        ),
      ],
    },
    {
      id: 're-run',
      title: "Re-running a supplier's list",
      blocks: [
        list(
          'Every completed scan keeps its list under "Kept supplier lists": Free 7 days, Starter 30, Growth 90, Pro 180 days after the scan (a change of plan applies at once). Delete a list there to stop keeping it. The kept lists belong to your organization: every member sees, re-runs and deletes them.',
          "Re-run scans the same list again against today's Amazon data, with the same columns, market and minimum ROI (on Free and Starter, the plan's fixed minimum). It counts against your monthly EAN uploads like an upload: before it starts, a confirmation names the list and its EANs, says how many of this month's EAN uploads it uses (or that only part fits) and the Keepa tokens it needs.",
          'When it completes, the panel shows what changed since the last run: new deals, deals gone, and deals whose profit moved by more than the amount you choose (€1.00 to start). A deal gone because your organization marked its listing a wrong match says "Gone: you marked this match wrong". Filter by kind, read the profit before and today, and download the changes as CSV.',
          'Only the EANs both runs analyzed are compared (a run your plan allowed only part of leaves the rest out), and a deal whose Amazon data could not be fetched today is not counted as gone.',
        ),
      ],
    },
    {
      id: 'match-rules',
      title: 'Wrong matches and match rules',
      blocks: [
        list(
          'Wrong match: EAN and ASIN are not the same product (another size, a multipack, a bundle). The deal leaves your lists at once, and later scans never match that EAN to that ASIN again; they use another listing of the EAN if there is one.',
          'Always match: this EAN is this ASIN, with the number of supplier units one Amazon listing holds. It wins over the admin\'s EAN-ASIN mapping for your organization. The card says "Always matched · 2-pack (from the next scan)" at once, and the deals of later scans matched by the rule say "Always matched · 2-pack".',
          'Other listings: when the EAN has several Amazon listings, the deal offers them with their pack counts, ranks, buy box price and the ROI your supplier price would have on that listing; "Use this match" saves an always-match rule for that listing.',
          "The rules belong to your organization (every member's scans use them) and apply to supplier, CSV and brand scans from the next scan on. Review and undo them under Settings → Match rules.",
        ),
      ],
    },
  ],
};
