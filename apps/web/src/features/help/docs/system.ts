import { list, note, p, table, type HelpDoc } from './help-doc.ts';

export const systemAdminDoc: HelpDoc = {
  slug: 'system-admin',
  title: 'System (administrators)',
  summary:
    'See at a glance whether DealRadar is healthy: its processes, job queues, running and stuck scans, Keepa tokens, price refreshes, failed alert deliveries and the database size.',
  adminOnly: true,
  sections: [
    {
      id: 'figures',
      title: 'What the screen shows',
      blocks: [
        p(
          'Admin → System reads its figures every 15 seconds. They are the figures the server publishes to monitoring (Prometheus), read from the same place, so both always agree.',
        ),
        table(
          ['section', 'what it tells you'],
          [
            [
              'Running scans and refreshes',
              'Every supplier, CSV Template and brand scan and every price refresh in progress, its attempt, its last heartbeat and the process running it. Stuck means its process went silent for 60 seconds or is gone.',
            ],
            [
              'Processes',
              'The API and worker processes seen in the last 24 hours, with their version and last heartbeat: Alive, Silent (no heartbeat for 45 seconds: crashed or cut off) or Stopped (shut down normally).',
            ],
            ['Keepa tokens', 'The tokens left and the refill per minute as the last Keepa answer said, and when the first scan waiting for tokens continues.'],
            ['Price refresh', 'How the last refresh ended (and its error), and when the next scheduled one starts.'],
            ['Failed alert deliveries', 'E-mails and webhooks that failed after their last try in the last 24 hours: channel, target, user, error and time.'],
            ['Job queues', 'Jobs waiting, running and failed in the last 24 hours, per queue.'],
            ['Database', 'Its size and its ten largest tables (indexes included).'],
          ],
        ),
      ],
    },
    {
      id: 'act',
      title: 'What to do',
      blocks: [
        list(
          'A stuck run needs nothing from you: a worker resumes it from its checkpoint within a minute. If it stays stuck, check that a worker process is Alive.',
          'A Silent process crashed or lost its network: restart it. Its runs are taken over by the other workers.',
          'Failed deliveries usually mean a webhook address that no longer answers or an e-mail address that bounces: tell the user, who can fix it under Price Alerts → Alerts.',
          'Failed jobs in a queue are retried by their next run; many in one queue point at the server logs (search the queue name).',
        ),
        note('Only administrators see this screen; its figures cover every user.'),
      ],
    },
  ],
};
