-- Issue 23 (items 1 and 9, docs/money.md): a brand favorite keeps how its profit was computed (the same breakdown as a
-- supplier deal's: price, VAT, every fee line with its rule, cost, profit, ROI, break-even price, in the market's
-- currency) and the wholesale price as Qogita gives it (EUR cents, excl. VAT), shown beside the favorite's own currency.
-- Favorites stored before have neither (null) until their next scan refreshes them.
alter table brand_favorites add column breakdown jsonb;
alter table brand_favorites add column supplier_price_eur integer;
