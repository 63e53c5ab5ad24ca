-- The comparison classifies every differing row in one pass (new variant, price change, other field change),
-- so later steps of a refresh work on the small set of changed rows instead of re-joining the whole catalogue.
drop table wholesale_price_changes;
create unlogged table wholesale_row_changes (
  gtin text primary key,
  old_excl integer,
  old_incl integer,
  new_excl integer not null,
  new_incl integer not null,
  is_new boolean not null,
  price_changed boolean not null
);
