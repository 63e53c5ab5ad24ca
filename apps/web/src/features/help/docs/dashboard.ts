import { list, p, type HelpDoc } from './help-doc.ts';

export const dashboardDoc: HelpDoc = {
  slug: 'dashboard',
  title: 'Price Drops Dashboard',
  summary: "The summary of today's wholesale price drops: totals, hot deals, recent drops, categories and brands.",
  sections: [
    {
      id: 'panels',
      title: 'The panels',
      blocks: [
        list(
          'Total Price Drops: active drops now. Avg Discount: their average drop. Top Brand: the brand with the most drops.',
          'Hot Deals (Top 5): the five biggest active drops, with new and old price excluding VAT, stock and a link to the product. When fewer are active, the badge says how many are shown (Top 3).',
          'Recent Drops (Last 2h): drops found in the last two hours, newest first (the first 5).',
          'Drops by Category: one bar per category, relative to the largest.',
          'Daily Drops: drops found per day over the last 14 days.',
          'Top Brands by Price Drops: the ten brands with the most active drops.',
        ),
        p('Refresh reloads every panel; so does a change of your region. Drops follow the rules of Price alerts: schedule and rules.'),
      ],
    },
    {
      id: 'example-data',
      title: 'Example data on Free and Starter',
      blocks: [
        p(
          "Free and Starter plans see example figures with the banner 'Example Data', and the header's badge says EXAMPLE DATA instead of LIVE MONITORING. The example has three hot deals and two recent drops. After an upgrade the live dashboard appears by itself within a minute, on any screen, without signing out.",
        ),
      ],
    },
  ],
};
