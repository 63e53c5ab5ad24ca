import { ungatingInvoiceSettingsSchema, updateUngatingInvoiceBodySchema } from '../sales-estimate.ts';
import { endpoint } from '../endpoint.ts';

const tag = 'settings';

/** "Is approval worth it?" (docs/sales-estimate.md): the units of an ungating invoice, a setting of the user. */
export const ungatingInvoiceApi = {
  get: endpoint({
    method: 'GET',
    path: '/user/settings/ungating-invoice',
    access: 'user',
    tag,
    summary: 'Units to buy for an ungating invoice (default 10), priced at the supplier price.',
    responses: { 200: ungatingInvoiceSettingsSchema },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/user/settings/ungating-invoice',
    access: 'user',
    tag,
    summary: 'Save the units of an ungating invoice.',
    body: updateUngatingInvoiceBodySchema,
    responses: { 200: ungatingInvoiceSettingsSchema },
  }),
} as const;
