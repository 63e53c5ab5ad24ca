import { list, note, p, steps, table, type HelpDoc } from './help-doc.ts';

export const buyListDoc: HelpDoc = {
  slug: 'buy-list',
  title: 'Buy list: how many to buy, per supplier',
  summary:
    "Turn deals and Qogita price drops into a purchase plan: quantities from your share of the sales, capital, profit, ROI and days to sell per supplier, the supplier's minimum order value, a purchase order to send and the Qogita watchlist.",
  sections: [
    {
      id: 'add',
      title: 'Adding deals',
      blocks: [
        steps(
          'Scan a supplier list in the Deals Analyzer.',
          'On a deal, click Add to buy list. The quantity is filled in with a suggestion; change it if you like and click Add.',
          'Open Buy List in the sidebar. Every member of your organization sees and edits the same list; it stays until you remove the lines.',
        ),
        p(
          "The suggestion covers a number of weeks of your estimated share of the listing's sales (4 weeks unless your organization chose another number on the Buy List page): share a month × weeks ÷ 4.33, rounded up to whole units and then to whole cases when the supplier's list quotes a price per case. A multi-pack listing needs its pack count of units per sale. Without a sales estimate the suggestion is one case. Supplier lists carry no stock figure, so the suggestion is not capped by stock.",
        ),
        note("Adding a deal that is already on the list adds the quantity to its line and takes the deal's figures as they are now."),
      ],
    },
    {
      id: 'favorites',
      title: 'Brand favorites',
      blocks: [
        steps(
          'Run a brand scan in the Brand Analyzer.',
          'On a favorite, click Add to buy list. The quantity is filled in with the suggestion from your estimated share (as for deals); change it if you like and click Add.',
          "A favorite is a Qogita product, so the line goes to the group of the Qogita seller whose offer is the cheapest one with stock (Qogita · <seller>), with that seller's minimum order value, like a price drop of the same product. The quantity never goes beyond that seller's stock.",
        ),
        note("The line keeps the favorite's figures in euros: a UK favorite's profit and Amazon price are converted at the rate its profit used."),
      ],
    },
    {
      id: 'qogita',
      title: 'Qogita price drops and the Qogita watchlist',
      blocks: [
        steps(
          'On Price Alerts, click Add to buy list (Buy list in the table) on a drop. Leave the quantity empty for the suggestion or type one, and click Add.',
          "The line goes to the group of the Qogita seller whose offer is the cheapest one with stock, named Qogita · <seller>. The group's minimum order value is the one in that seller's Qogita offer; it cannot be changed on the buy list.",
          "The quantity never goes beyond that seller's stock on Qogita: more is cut down to the stock.",
          'On the Buy List page, Send to Qogita watchlist puts every line of the group on your Qogita watchlist. Qogita then tells you when an offer meets the target price and quantity.',
        ),
        table(
          ['sent to Qogita', 'value'],
          [
            ['GTIN', "The line's EAN."],
            [
              'Target price',
              'Your maximum buy price at your minimum ROI (Settings), in EUR: the unit price × (1 + ROI) ÷ (1 + minimum ROI), rounded down to the cent.',
            ],
            ['Target quantity', "The line's quantity."],
          ],
        ),
        list(
          'A product already on your watchlist gets the new target price and quantity.',
          "After sending, each line says what was sent and whether Qogita took it. A line Qogita refuses shows Qogita's reason and keeps what it had.",
          'A line without an ROI, or whose ROI cannot reach your minimum ROI at any price, is not sent.',
          'The watchlist belongs to the Qogita account of this installation (also on demo data, when the installation has one). Without one the button is disabled and says so.',
        ),
      ],
    },
    {
      id: 'suppliers',
      title: 'Per supplier',
      blocks: [
        p(
          'Lines are grouped by supplier: the name of the supplier list (the file name) the deal came from, or Qogita · <seller> for a Qogita price drop. Each supplier shows:',
        ),
        table(
          ['figure', 'meaning'],
          [
            ['Units', 'The units of all its lines.'],
            ['Order value (excl. VAT)', 'Quantity × unit price, what the supplier invoices before VAT.'],
            [
              'Capital (with purchase VAT)',
              "The money the order ties up: the order value plus the purchase VAT you cannot reclaim (none when your seller profile says you are VAT-registered), as in the deal's profit.",
            ],
            ['Expected profit', "The deal's profit per sale × the sales the quantity makes."],
            ['ROI', 'Expected profit ÷ capital.'],
            ['Days to sell (estimate)', 'How long the slowest line takes to sell at your estimated share; lines without an estimate are left out.'],
          ],
        ),
        list(
          "Minimum order value: type the supplier's MOV (EUR excl. VAT) and click Save MOV. Below it, an orange warning says how much is missing; at or above it, a green badge says it is met.",
          'Change a quantity in its field (Enter or leaving the field saves it); the bin removes a line.',
          'A line whose deal changed since you added it shows "Changed since added" with what moved (price, profit, ROI, stock): a newer scan of the same list, a newer brand scan of a favorite, or a newer Qogita price refresh of a price drop. Add the deal, favorite or price drop again to take the new figures.',
        ),
      ],
    },
    {
      id: 'order',
      title: 'The purchase order',
      blocks: [
        p(
          "Purchase order or XLSX downloads the supplier's order: EAN, product name, ASIN, quantity, unit price, line total, order total and the supplier's MOV — every amount in EUR excluding VAT, number cells in the XLSX (the EAN stays text, with its leading zeros).",
        ),
        p(
          'The CSV comes in two kinds, so Excel opens it by double-click: CSV for Excel (semicolons, decimal comma) for Excel in Germany, France, Italy, Spain or the Netherlands, and CSV (commas, decimal point) for Excel in the UK and other tools. The button gives the one of your region; the arrow beside it offers both.',
        ),
      ],
    },
    {
      id: 'plans',
      title: 'Plans',
      blocks: [p('The buy list is part of the Growth and Pro plans. On Free and Starter the Buy List page and Add to buy list show the upgrade prompt.')],
    },
  ],
};
