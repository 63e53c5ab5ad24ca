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
      id: 'team',
      title: 'Team: inviting and removing members',
      blocks: [
        p(
          "Your organization's members share its plan, kept supplier lists, match rules, Amazon seller account and buy list. The one who registered the organization is its owner; the Team section shows the owner, and the members the owner allowed to invite, every member with e-mail, status (Invited, Active, Removed, Inactive) and the day they joined.",
        ),
        list(
          'Invite member: enter a username and an e-mail address. The colleague gets an e-mail with a link to choose their password (valid 7 days, once) and then signs in as a member of your organization. Inviting a colleague who has not set a password yet sends a new link.',
          'May invite: only the owner switches it on or off for a member; such a member can invite and remove members too (never the owner).',
          'Remove: the member is signed out at once and can no longer sign in. What they made (kept lists, match rules, buy-list lines) stays with the organization. To bring them back, contact DealRadar support.',
          "Each member's deals page and favorites stay their own; the plan has no limit on the number of members.",
        ),
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
    {
      id: 'seller-account',
      title: 'Amazon seller account: can I sell it?',
      blocks: [
        p(
          "Connect your organization's own Amazon seller account and every deal of your supplier scans and every brand-scan favorite shows Amazon's answer for your account: Can sell, Approval required (with Amazon's link to request approval), Not eligible, or Not checked (the market is not one of your stores, or Amazon could not be asked). The deals and favorites lists can show only what you can sell or hide the not eligible ones, and their downloads have the columns listingRestriction and listingApprovalUrl.",
        ),
        list(
          'Your install needs an Amazon SP-API application: the operator sets SP_API_CLIENT_ID and SP_API_CLIENT_SECRET (with the Product Listing role). Without it the card says so and nothing changes.',
          "In Amazon's developer console, authorize your private application for your seller account and copy the refresh token (it begins with Atzr|). In Settings → Amazon seller account paste it with your merchant id (Seller Central → Account Info → Merchant Token) and choose Europe or North America. We check it with Amazon at once and show your stores; a wrong token gets Amazon's refusal and nothing is kept.",
          "The token is stored encrypted and never shown again. Every member of your organization sees that it is connected and which stores; only your organization's owner (and the product's administrators) connect or disconnect. Disconnect deletes it.",
          'After each supplier scan its deals, and while each brand scan runs its favorites, are checked in the background, at most 5 requests a second as Amazon allows; the list says how many are still being checked. An answer is reused for a week, so scanning the same list again asks Amazon nothing.',
          'Check again (the small arrow beside the badge on a deal or favorite card, or on a price drop in Price Alerts and on the dashboard) asks Amazon at once for that product, even when it answered within the week — for instance after Amazon approved you. The card or row says Checking… and then shows the new answer.',
          'If you revoke the authorization at Amazon, the checks stop, Settings asks you to connect again, and your admin gets one e-mail.',
          'On a hosted install with a public Amazon application, "Connect through Amazon" opens Seller Central\'s consent page instead; after you agree you come back to Settings and the account is connected. The link works once, for you only, within 15 minutes.',
          "Price drops are checked too, after each price update (see Price Alerts), alert rules can alert only what you can sell, and profit breakdowns show Amazon's own fee estimate beside ours (see Profit and ROI).",
        ),
      ],
    },
    {
      id: 'ungating-invoice',
      title: 'Ungating invoice: is approval worth it?',
      blocks: [
        p(
          'Amazon often approves a brand after you show an invoice for a few units. Under Settings → Ungating invoice set how many units you would buy for it (10 to start, 1 to 1,000). For a deal that needs approval, the deal card and the profit breakdown put what approval would earn a month (your estimated share of the sales × the profit per unit, an estimate) beside what those units cost at the supplier price. See Deals Analyzer → Sales estimate.',
        ),
      ],
    },
  ],
};
