import { list, note, p, table, type HelpDoc } from './help-doc.ts';

export const priceAlertsDoc: HelpDoc = {
  slug: 'price-alerts',
  title: 'Price alerts: schedule and rules',
  summary: 'When wholesale prices are checked, when a drop appears, is updated or disappears, and what each column shows.',
  sections: [
    {
      id: 'schedule',
      title: 'When prices are checked',
      blocks: [
        p('The whole wholesale catalogue is checked on the full hour, German time (Europe/Berlin):'),
        table(
          ['days', 'checks'],
          [
            ['Monday to Friday, 6 AM to 10 PM', 'every hour'],
            ['Monday to Friday, overnight', 'every 3 hours (midnight and 3 AM)'],
            ['weekends (Saturday and Sunday)', 'every 6 hours (midnight, 6 AM, noon, 6 PM)'],
          ],
        ),
        p('The statistics show the current frequency, the time of the last update and a countdown to the next one.'),
      ],
    },
    {
      id: 'rules',
      title: 'When a drop appears, changes or goes',
      blocks: [
        table(
          ['what happens to the price (excluding VAT)', 'the drop'],
          [
            ['it falls compared with the last check', 'a new drop: old and new price and the percentage'],
            ['it falls further while the drop is active', 'updated to the better discount, measured against the original price; the 24 hours start again'],
            ['it rises again, by any amount', 'removed'],
            ['24 hours pass', 'expires'],
            ['only the price including VAT changes', 'no drop'],
            ['the product is seen for the first time', 'no drop (nothing to compare with)'],
          ],
        ),
      ],
    },
    {
      id: 'categories',
      title: 'Categories and priorities',
      blocks: [
        table(
          ['category', 'drop', 'colour'],
          [
            ['Minor', '0–10 %', 'green'],
            ['Small', '10–25 %', 'yellow'],
            ['Medium', '25–50 %', 'orange'],
            ['Large', '50–75 %', 'red'],
            ['Huge', '75 % and more', 'gray'],
          ],
        ),
        table(
          ['priority', 'drop'],
          [
            ['Low', '0–5 %'],
            ['Medium', '5–15 %'],
            ['High', '15–30 %'],
            ['Very High', '30–50 %'],
            ['Critical', '50 % and more'],
          ],
        ),
        p('A drop exactly on a boundary belongs to the higher band: 10 % is Small.'),
      ],
    },
    {
      id: 'columns',
      title: 'What each column shows',
      blocks: [
        table(
          ['column', 'meaning'],
          [
            [
              'Product',
              'The product name and, under it, its EAN and the sales estimate of the drop\'s listing in its Best ROI market: units a month with what they rest on (Amazon\'s "bought in past month" figure, sales-rank drops or the rank), your share of them and what that share would earn a month at the new price. All three are estimates (the Estimate badge explains the basis); see Deals Analyzer → Sales estimate.',
            ],
            ['Brand', 'The brand on the wholesale marketplace.'],
            ['Stock', 'Units the wholesaler has in stock.'],
            ['New price / Old price', "The wholesale price now and before the drop, excluding VAT, in your region's currency."],
            ['Drop', 'How much cheaper it got, in percent of the old price.'],
            [
              'Best ROI',
              "The best return at the new price over Amazon Germany, UK, France, Italy and Spain, with that market. Your organization's match rules count: a listing you marked 'Wrong match' is not used, and an 'Always match' listing is used with its number of packs. Click it for the profit basis.",
            ],
            ['Category · Priority', 'The bands above.'],
            [
              'Can I sell it? (under Best ROI)',
              "With your Amazon seller account connected (Settings): Amazon's answer for your account on the drop's listing in its Best ROI market — Can sell, Approval required (with Amazon's link to request approval), Not eligible, or Not checked (a drop without a positive ROI is not asked about; the market is not one of your stores). Drops are checked after each price update; while that runs a line above the list says how many are still being checked. Check again (the small arrow beside the badge) asks Amazon at once, for instance after Amazon approved you. The profit basis shows the same answer (for a drop that needs approval, also what approval would earn a month beside an ungating invoice of the units set in Settings at the new wholesale price, an estimate), and Amazon's own fee estimate beside ours with the choice of which to use for that listing (see Profit and ROI).",
            ],
            ['Detected', 'When the drop was found (or last improved), in your time zone.'],
            ['Link', 'Opens the product on the wholesale marketplace.'],
          ],
        ),
        p(
          'Filter by search text, category, priority, brand, a minimum Best ROI, your share in units a month ("Your units/month ≥") or the monthly profit ("Monthly profit ≥") of the sales estimate and, with a connected seller account, Can I sell it? (Only what I can sell, or Hide not eligible); sort by clicking a column title (Best ROI and Profit/month too: drops without a known ROI or estimate come last). On a phone the drops are cards with a sort menu. The profit basis behind the Best ROI also shows the sales estimate, with the monthly profit at your own seller profile.',
        ),
        p('Your filters and sort are part of the page address: a reload, the back button or a bookmark shows the same list.'),
      ],
    },
    {
      id: 'plans',
      title: 'Live data and example data',
      blocks: [
        list(
          'Growth and Pro plans see live drops.',
          'Free and Starter plans see example data with the same layout, and an Upgrade Now button.',
          "Prices are shown in your region's currency (Settings → Primary business country).",
        ),
        note('The dashboard summarizes the same drops: see Price Drops Dashboard.'),
      ],
    },
  ],
};
