-- Buy-list lines added from Qogita price drops (docs/buy-list.md "Qogita offers"): the line's supplier is the Qogita
-- offer's seller, its minimum order value and stock come from the offer, and what was last put on the buyer's Qogita
-- watchlist for the line is kept so the list shows it.
alter table buy_list_lines add column source text not null default 'list' check (source in ('list', 'qogita'));
-- The price drop it was added from (no foreign key: drops end and are deleted).
alter table buy_list_lines add column price_drop_id bigint;
-- The offer's seller (Qogita supplier FID), its minimum order value in EUR excl. VAT and its inventory in units.
alter table buy_list_lines add column qogita_seller text;
alter table buy_list_lines add column offer_mov numeric(14, 2);
alter table buy_list_lines add column stock integer;
-- The target price (EUR) and quantity last accepted by the Qogita watchlist, and when.
alter table buy_list_lines add column watchlist_target_price numeric(14, 2);
alter table buy_list_lines add column watchlist_target_quantity integer;
alter table buy_list_lines add column watchlist_sent_at timestamptz;
