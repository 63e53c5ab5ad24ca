-- Match rules (issue 17): an organization's own EAN → ASIN decisions, applied to every later scan of its members
-- (supplier and CSV Template scans, brand scans, a price drop's profit basis). docs/trusted-deals.md.
--   never:  this EAN is never matched to this ASIN ("wrong match");
--   always: this EAN is matched to this ASIN with number_of_packs units per listing (at most one per EAN).
-- An organization's rule wins over the admin's global EAN-ASIN mapping for that organization only.
create table match_rules (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organizations(id) on delete cascade,
  ean text not null,
  asin text not null,
  kind text not null check (kind in ('never', 'always')),
  number_of_packs integer check (number_of_packs is null or number_of_packs between 1 and 1000),
  -- What the member saw when deciding (for the review list): the listing's title and the market.
  product_name text,
  market text,
  created_by uuid references users(id) on delete set null,
  created_at timestamptz not null,
  unique (organization_id, ean, asin),
  check ((kind = 'always') = (number_of_packs is not null))
);
create unique index match_rules_one_always_key on match_rules (organization_id, ean) where kind = 'always';
create index match_rules_org_created_idx on match_rules (organization_id, created_at desc);

-- The other listings of a deal's / favorite's EAN in its market (asin, title, packs, rank, buy box), so the card can
-- offer them without another look-up; and how the listing was chosen ('rule', 'mapping' or 'rank').
alter table scan_results add column alternatives jsonb;
alter table scan_results add column match_source text;
alter table brand_favorites add column alternatives jsonb;
alter table brand_favorites add column match_source text;
