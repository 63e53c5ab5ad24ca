import { Anchor, Box, Container, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { COMPANY_NAME } from '@dealradar/shared/constants';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/session.ts';
import { BrandLogo } from '../../components/brand-logo.tsx';

const LAST_UPDATED = '22 November 2026';

interface Section {
  title: string;
  paragraphs: string[];
  items?: string[];
}

const SECTIONS: Section[] = [
  {
    title: '1. Agreement',
    paragraphs: [
      `These Terms and Conditions govern your use of ${COMPANY_NAME}, a web application that compares supplier and wholesale prices with retail-marketplace prices and monitors wholesale price drops. By creating an account or using the service you accept these terms.`,
    ],
  },
  {
    title: '2. Eligibility',
    paragraphs: [
      'You must be 18 years of age or older and able to enter into a binding contract to use the service. By registering you confirm that you meet this requirement and that the information you give us is accurate. If you use the service on behalf of a business, you confirm that you are authorised to bind it.',
    ],
  },
  {
    title: '3. Your account',
    paragraphs: [
      'You are responsible for keeping your password confidential and for all activity under your account. Tell us without delay if you suspect unauthorised use. We may suspend accounts that break these terms.',
    ],
  },
  {
    title: '4. Acceptable use',
    paragraphs: ['You agree to use the service only for lawful business purposes. In particular you must not:'],
    items: [
      'copy, resell, scrape or redistribute the data, analyses or price information shown in the service;',
      'share your account, or circumvent the usage limits of your plan;',
      'upload files that contain malware or data you have no right to use;',
      'attempt to disrupt, probe or gain unauthorised access to the service or its infrastructure;',
      'use the service in a way that breaks the terms of any marketplace or supplier, or applicable law.',
    ],
  },
  {
    title: '5. Data and analyses',
    paragraphs: [
      'Prices, sales ranks, ROI and profit figures are estimates based on third-party data that can be incomplete, delayed or wrong. They are provided for information only and are not financial advice. You remain responsible for your purchasing and selling decisions.',
    ],
  },
  {
    title: '6. Subscriptions and payment',
    paragraphs: [
      'The service is offered on a free plan and on paid subscription plans (Starter, Growth and Pro) with the features and limits described on the Subscriptions page. Prices are shown in euro. Paid plans are sold through an external hosted checkout of our payment reseller, which acts as the merchant of record and handles billing, taxes and invoices.',
      'Subscriptions renew automatically at the end of each billing period until cancelled. You can cancel at any time; the cancellation takes effect at the end of the current period. We may change plan prices or features with reasonable prior notice; changes apply from your next billing period.',
    ],
  },
  {
    title: '7. Refunds',
    paragraphs: [
      'You may request a refund within 14 days of a payment by contacting us through the Help page. Refund requests made within this 14-day window are reviewed and, where approved, refunded to the original payment method by our payment reseller. Requests made after 14 days are not eligible unless the law requires otherwise.',
    ],
  },
  {
    title: '8. Availability and changes',
    paragraphs: [
      'We work to keep the service available but do not guarantee uninterrupted operation. We may change, suspend or discontinue features, and will give notice of material changes to these terms by e-mail or in the application.',
    ],
  },
  {
    title: '9. Limitation of liability',
    paragraphs: [
      `To the extent permitted by law, ${COMPANY_NAME} is not liable for indirect or consequential loss, lost profits or lost data. Our total liability for any claim is limited to the fees you paid in the twelve months before the claim.`,
    ],
  },
  {
    title: '10. Termination',
    paragraphs: ['You may stop using the service and close your account at any time. We may suspend or end your access if you materially breach these terms.'],
  },
  {
    title: '11. Governing law',
    paragraphs: [
      'These terms are governed by the laws of Ireland. The courts of Ireland have exclusive jurisdiction over any dispute arising from them, without prejudice to the mandatory consumer-protection rights of the country where you live.',
    ],
  },
  {
    title: '12. Contact',
    paragraphs: ['Questions about these terms can be sent through the Help page of the application.'],
  },
];

/** /terms-and-conditions: public static page (SPEC §2). In the shell when logged in, standalone otherwise. */
export function TermsPage() {
  const session = useSession();
  const content = (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }}>
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2">
            Terms and Conditions
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            Last updated: {LAST_UPDATED}
          </Text>
        </div>
        {SECTIONS.map((section) => (
          <Box key={section.title} component="section">
            <Title order={2} size="h4" mb="xs">
              {section.title}
            </Title>
            {section.paragraphs.map((paragraph) => (
              <Text key={paragraph} size="sm" lh={1.7} mb="xs">
                {paragraph}
              </Text>
            ))}
            {section.items && (
              <List size="sm" spacing={4} withPadding>
                {section.items.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List>
            )}
          </Box>
        ))}
      </Stack>
    </Paper>
  );
  if (session)
    return (
      <Container size="md" px={0}>
        {content}
      </Container>
    );
  return (
    <Box mih="100vh" bg="gray.0" py="xl">
      <Container size="md">
        <Group justify="space-between" mb="lg">
          <BrandLogo />
          <Anchor component={Link} to={paths.login} fw={600} size="sm">
            Sign in
          </Anchor>
        </Group>
        {content}
        <Text size="xs" c="dimmed" ta="center" mt="lg">
          © {new Date().getFullYear()} {COMPANY_NAME}. All rights reserved.
        </Text>
      </Container>
    </Box>
  );
}
