import { list, p, type HelpDoc } from './help-doc.ts';

export const settingsDoc: HelpDoc = {
  slug: 'settings',
  title: 'Settings: region, minimum ROI and usage',
  summary: "Your business region and currency, the minimum ROI your scans keep, your account and your plan's usage.",
  sections: [
    {
      id: 'region',
      title: 'Primary business country',
      blocks: [
        p(
          "United Kingdom (GBP) or Continental Europe (EUR). It sets the currency of the dashboard and the price alerts, including their example data, and the market the Deals Analyzer and the Brand Analysis start on (United Kingdom for the UK, your country's market in continental Europe) until you choose another; the Deals Analyzer remembers your choice. You choose it once after signing up and can change it in Settings at any time.",
        ),
      ],
    },
    {
      id: 'min-roi',
      title: 'Minimum ROI',
      blocks: [
        list(
          'The ROI a product must reach to count as a deal or a favorite, from 0 to 100 % in steps of 0.1.',
          "Growth and Pro plans set their own value (default 15 %); Free and Starter use the plan's fixed value (25 % and 20 %), shown in the disabled field.",
          'A scan keeps the minimum ROI it started with; a change applies to the next scan.',
        ),
      ],
    },
    {
      id: 'account',
      title: 'Account and usage',
      blocks: [
        p('Settings shows your username, e-mail, role, status and organization, and the usage of your plan this month and today (see Plans and limits).'),
      ],
    },
    {
      id: 'fee-rules',
      title: 'Fee rules in use (administrators)',
      blocks: [
        p(
          "Administrators see the referral fees, the Digital Services Fee and the VAT on Amazon's fees in force on a chosen day. Each rule names its source; the mark at its end says how sure the figure is:",
        ),
        list(
          "[V] verified: taken from Amazon's own documentation or help pages.",
          "[R] reported: several independent sources (seller tools, trade press) agree, not seen in Amazon's own documents.",
          "[U] unverified: a single or weak source; check it against Amazon's current fee pages before relying on it.",
          'On a phone the tables scroll sideways inside the card.',
        ),
      ],
    },
    {
      id: 'match-rules',
      title: 'Match rules',
      blocks: [
        p(
          'Match rules lists your organization\'s "Wrong match" and "Always match" decisions made on deals and favorites, newest first, with who made them and when; search by EAN or ASIN. Undo removes a rule: the next scans match that EAN as before (see Deals Analyzer → Wrong matches and match rules).',
        ),
      ],
    },
  ],
};
