import {
  addBuyLineBodySchema,
  addPriceDropLineBodySchema,
  addFavoriteLineBodySchema,
  sendToWatchlistBodySchema,
  sendToWatchlistResultSchema,
  buyListSchema,
  buyListSettingsSchema,
  purchaseOrderQuerySchema,
  updateBuyLineBodySchema,
  updateBuyListSettingsBodySchema,
  updateSupplierMovBodySchema,
} from '../buy-list.ts';
import { download, endpoint, idParams } from '../endpoint.ts';

const tag = 'buy-list';

/** The organization's buy list (docs/buy-list.md): GROWTH and PRO; FREE and STARTER get 403. */
export const buyListApi = {
  get: endpoint({
    method: 'GET',
    path: '/buy-list',
    access: 'user',
    tag,
    summary: "The organization's buy list, grouped by supplier, with each supplier's figures.",
    responses: { 200: buyListSchema },
  }),
  add: endpoint({
    method: 'POST',
    path: '/buy-list/lines',
    access: 'user',
    tag,
    summary: 'Add a supplier deal (quantity absent: the suggested quantity). Answers the buy list.',
    body: addBuyLineBodySchema,
    responses: { 200: buyListSchema },
  }),
  addPriceDrop: endpoint({
    method: 'POST',
    path: '/buy-list/price-drops',
    access: 'user',
    tag,
    summary: "Add a Qogita price drop: supplier = the offer's seller, its MOV and inventory (quantity absent: the suggestion, capped by the inventory).",
    body: addPriceDropLineBodySchema,
    responses: { 200: buyListSchema },
  }),
  addFavorite: endpoint({
    method: 'POST',
    path: '/buy-list/favorites',
    access: 'user',
    tag,
    summary:
      "Add one of the caller's brand favorites: supplier = the Qogita offer's seller, its MOV and inventory (quantity absent: the suggestion from the favorite's sales estimate, capped by the inventory).",
    body: addFavoriteLineBodySchema,
    responses: { 200: buyListSchema },
  }),
  sendToWatchlist: endpoint({
    method: 'POST',
    path: '/buy-list/qogita-watchlist',
    access: 'user',
    tag,
    summary:
      "Put a Qogita group's lines on the buyer's Qogita watchlist (target price = the maximum buy price at the minimum ROI, target quantity = the line's). 409 without a Qogita account.",
    body: sendToWatchlistBodySchema,
    responses: { 200: sendToWatchlistResultSchema },
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/buy-list/lines/:id',
    access: 'user',
    tag,
    summary: "Change a line's quantity. Answers the buy list.",
    params: idParams,
    body: updateBuyLineBodySchema,
    responses: { 200: buyListSchema },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/buy-list/lines/:id',
    access: 'user',
    tag,
    summary: 'Remove a line. Answers the buy list.',
    params: idParams,
    responses: { 200: buyListSchema },
  }),
  setMov: endpoint({
    method: 'PUT',
    path: '/buy-list/suppliers/mov',
    access: 'user',
    tag,
    summary: "Set or clear a supplier's minimum order value (EUR excl. VAT). Answers the buy list.",
    body: updateSupplierMovBodySchema,
    responses: { 200: buyListSchema },
  }),
  settings: endpoint({
    method: 'GET',
    path: '/buy-list/settings',
    access: 'user',
    tag,
    summary: 'Weeks of the seller share a suggested quantity covers (default 4).',
    responses: { 200: buyListSettingsSchema },
  }),
  updateSettings: endpoint({
    method: 'PUT',
    path: '/buy-list/settings',
    access: 'user',
    tag,
    summary: 'Save the weeks a suggested quantity covers.',
    body: updateBuyListSettingsBodySchema,
    responses: { 200: buyListSettingsSchema },
  }),
  order: endpoint({
    method: 'GET',
    path: '/buy-list/order',
    access: 'user',
    tag,
    summary:
      "One supplier's purchase order as CSV, CSV for Excel (semicolons, decimal commas) or XLSX (EAN, name, quantity, unit price, line total, order total, MOV; EUR).",
    query: purchaseOrderQuerySchema,
    responses: {
      200: download('The purchase order as CSV, CSV for Excel or XLSX.', 'text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
    },
  }),
} as const;
