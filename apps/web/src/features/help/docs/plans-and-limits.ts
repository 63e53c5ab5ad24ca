import { list, p, table, type HelpDoc } from './help-doc.ts';

export const plansAndLimitsDoc: HelpDoc = {
  slug: 'plans-and-limits',
  title: 'Plans and limits',
  summary: 'What each plan includes, how EAN uploads and brand checks are counted, and what happens when you upgrade.',
  sections: [
    {
      id: 'plans',
      title: 'The plans',
      blocks: [
        table(
          ['', 'Free', 'Starter', 'Growth', 'Pro'],
          [
            ['price per month', '€0', '€19', '€49', '€99'],
            ['EAN uploads per month', '100', '2,500', '20,000', 'Unlimited'],
            ['brand checks per day', 'not included', '5', '50', 'Unlimited'],
            ['markets per brand scan', '–', '1', 'all', 'all'],
            ['live price drops', 'example data', 'example data', 'yes', 'yes'],
            ['minimum ROI', 'fixed 25 %', 'fixed 20 %', 'your own (default 15 %)', 'your own (default 15 %)'],
            ['support', 'Community', 'Email', 'Priority email', 'Dedicated'],
          ],
        ),
      ],
    },
    {
      id: 'counting',
      title: 'How usage is counted',
      blocks: [
        list(
          "EAN uploads: every distinct valid EAN of a file or a manual entry counts once, per calendar month (UTC). A file larger than what is left is analyzed up to the limit ('Scan Started (Partial)').",
          'EANs of a scan that is canceled or fails before they were analyzed are given back.',
          'Brand checks: one per brand scanned, per day (UTC).',
          "Settings → Subscription and usage shows both counters with their limits; the bar turns red at the limit, and 'EAN Upload Limit Exhausted' says when the month's uploads are used up.",
        ),
      ],
    },
    {
      id: 'changing',
      title: 'Upgrading, changing and canceling',
      blocks: [
        list(
          'Subscriptions → Buy Plan opens the secure checkout of our payment partner (Paddle). Prices are in euro.',
          'On a paid plan there is no second checkout: "Change to this plan" on another plan shows what changes and what Paddle charges or credits now (prorated to the minute) and from the next payment; after you confirm, your plan switches as soon as Paddle confirms it, usually within a minute.',
          '"Manage subscription" opens Paddle\'s customer portal: payment method, invoices and cancellation. To return to Free, cancel there.',
          'A plan set by DealRadar support (not bought through Paddle) is changed or ended by support: send us a message below.',
          'A new plan shows on every open screen within a minute — sidebar, dashboard and limits — without signing out.',
          'A canceled subscription keeps its plan until the end of the paid period, then returns to Free; the Subscription screen shows the date.',
          'Refunds can be requested within 14 days (see the Terms and Conditions).',
        ),
        p('Questions about an invoice or a plan: send us a message below; the answer arrives by e-mail and stays under Help / Docs.'),
      ],
    },
  ],
};
