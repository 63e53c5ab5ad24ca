-- The buy box's 90-day daily history (issue 17 stability) moves out of the cached listings into its own column, keyed
-- by ASIN: a scan reads every cached listing of its list, but needs the history only for its deals (after the ROI
-- filter). Keeping ninety numbers per listing in `listings` made every warm scan read and parse them (docs/scans.md,
-- "Regression found on 27 Nov 2026").
alter table market_listing_cache add column buy_box_daily jsonb;

update market_listing_cache c
   set buy_box_daily = h.daily, listings = h.listings
  from (
    select market, key_type, key,
           jsonb_object_agg(e.l ->> 'asin', e.l -> 'buyBoxDaily90') filter (where jsonb_typeof(e.l -> 'buyBoxDaily90') = 'array') as daily,
           jsonb_agg(e.l - 'buyBoxDaily90' order by e.i) as listings
      from market_listing_cache, jsonb_array_elements(listings) with ordinality as e(l, i)
     where listings::text like '%"buyBoxDaily90"%'
     group by market, key_type, key
  ) h
 where c.market = h.market and c.key_type = h.key_type and c.key = h.key;
