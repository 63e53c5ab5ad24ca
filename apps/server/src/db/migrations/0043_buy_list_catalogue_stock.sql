-- A buy-list line added from a Qogita price drop keeps the Qogita catalogue's stock of the lowest offer as the price
-- refresh last saw it, so a newer refresh that changes the stock shows on the line as a change (docs/buy-list.md
-- "A changed line"). The line's `stock` is the offer's live inventory, which the catalogue only approximates.
alter table buy_list_lines add column catalogue_stock integer;
