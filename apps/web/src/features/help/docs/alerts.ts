import { list, note, p, steps, table, type HelpDoc } from './help-doc.ts';

export const alertsDoc: HelpDoc = {
  slug: 'alerts',
  title: 'Alerts: price-drop rules by e-mail and webhook',
  summary: 'Be told about new wholesale price drops that pass your filters and ROI, by e-mail or webhook (Discord, Slack), without repeats.',
  sections: [
    {
      id: 'rules',
      title: 'Alert rules',
      blocks: [
        p('Open Price Alerts and click Alert rules. A rule says which drops you want and where they go:'),
        table(
          ['field', 'meaning'],
          [
            ['Brands', 'Only drops of these brands; empty means every brand.'],
            ['Drop categories', 'Minor, Small, Medium, Large, Huge; empty means every category.'],
            ['Minimum drop %', 'The drop must be at least this many percent below the old price.'],
            [
              'Minimum Amazon ROI %',
              "The ROI at the new price must reach this on one of the chosen markets (empty: any of Germany, UK, France, Italy, Spain). Drops whose ROI is not known do not pass. Your organization's match rules count, as in the Best ROI column: a 'Wrong match' listing is not used, an 'Always match' listing is used with its number of packs.",
            ],
            ['Minimum stock', 'The wholesaler must have at least this many units.'],
            [
              'Only products I can sell',
              'Only drops Amazon says your organization\'s connected seller account can sell ("Can sell") on one of the rule\'s markets, at the minimum ROI if you set one. Approval required, Not eligible and not yet checked drops do not alert. Amazon is asked after the price update that found the drop, so such a drop is alerted at the next update after Amazon answered. Without a connected seller account the rule alerts nothing until one is connected (Settings → Amazon seller account); the rule says so under its conditions.',
            ],
            ['Alert again when better by', 'Percentage points a drop must improve before it alerts a second time (default 5).'],
            ['Channel', 'E-mail (at once, hourly digest or daily digest) or a webhook URL (generic JSON, Discord or Slack).'],
          ],
        ),
        p(
          "Edit changes any field of a rule in the same form; the changed rule also looks at the drops that are already active (a drop it already alerted does not alert again). Pause a rule to stop it for a while; Resume starts it again. Send a test message delivers a sample drop through the rule's channel, so you can check your inbox or receiver.",
        ),
        note(
          'Alerts are part of the Growth and Pro plans. When a plan ends (cancelled or downgraded), its rules are paused ("Paused (plan)") and nothing is sent; after upgrading again, resume them.',
        ),
      ],
    },
    {
      id: 'when',
      title: 'When an alert is sent',
      blocks: [
        list(
          'After every price update (see Price alerts: schedule and rules) the new and improved drops are matched with every active rule.',
          "A drop alerts once per rule. It alerts again only when the same drop gets better by at least the rule's re-arm points.",
          'An unchanged drop never alerts again; a drop whose price rose again is gone and never alerts; neither does a drop after its 24-hour expiry.',
          'One message per rule and update lists its drops, best first (at most 50; the rest are counted).',
          'A new or resumed rule also looks at the drops that are already active.',
        ),
        p(
          'Messages are queued within a minute of the update and sent within minutes. A failed message is tried again 4 more times with growing pauses (from about 30 seconds, doubling each time); after the last try it is marked Failed with the reason.',
        ),
      ],
    },
    {
      id: 'log',
      title: 'Delivery log',
      blocks: [
        p('The screen lists your last 100 messages: when, what, channel, status and the error of a failed one.'),
        table(
          ['status', 'meaning'],
          [
            ['Queued', 'Waiting to be sent.'],
            ['Retrying', 'A try failed; it is tried again.'],
            ['Sent', 'Your mail server or receiver accepted it.'],
            ['Failed', 'Every try failed, or it could not be sent at all (the error says why).'],
            ['Waiting for digest', 'Part of your next hourly or daily digest.'],
            ['In digest', 'Sent as part of a digest.'],
          ],
        ),
      ],
    },
    {
      id: 'email',
      title: 'E-mail, digests and unsubscribing',
      blocks: [
        list(
          'At once: one e-mail per rule and price update.',
          'Hourly digest: every hour on the hour, one e-mail with everything your hourly rules found.',
          'Daily digest: every day at 7 AM German time.',
        ),
        p(
          'Every alert e-mail has an unsubscribe link that works with one click, without logging in (mail programs show it as Unsubscribe too). It stops all alert e-mails: your e-mail rules then show "E-mails unsubscribed" instead of Active. Switch them back on with "Switch e-mails back on" under the rule, or under Alert rules → Channels.',
        ),
      ],
    },
    {
      id: 'webhooks',
      title: 'Webhooks and their signature',
      blocks: [
        p(
          'A webhook rule POSTs JSON to your URL (http or https; private, loopback and link-local addresses are refused). Formats: Generic JSON (type, rule, summary, dropCount, sentAt and drops with gtin, name, brand, category, dropPercentage, old and new price excluding VAT in EUR, stock, url, roiPercentage, roiMarket), Discord (content and embeds) and Slack (text and blocks). Your receiver must answer 2xx within 10 seconds.',
        ),
        p(
          'Every request carries the header DealRadar-Signature: t=<unix seconds>,v1=<signature>, where the signature is the hex HMAC-SHA256 of "<t>.<raw body>" keyed with your signing secret (Alert rules → Channels). Check it before you trust the body:',
        ),
        steps(
          'Read t and v1 from the header.',
          'Compute HMAC-SHA256(secret, t + "." + raw body) as hex, over the body exactly as received.',
          'Compare it with v1 in constant time, and refuse a t more than 5 minutes old.',
        ),
        p(
          'In Node.js: const [t, v1] = header.split(",").map((x) => x.split("=")[1]); const ok = crypto.timingSafeEqual(Buffer.from(v1, "hex"), crypto.createHmac("sha256", secret).update(t + "." + rawBody).digest()) && Math.abs(Date.now() / 1000 - Number(t)) < 300;',
        ),
        note('New secret makes a new signing secret at once; update your receiver too.'),
      ],
    },
  ],
};
