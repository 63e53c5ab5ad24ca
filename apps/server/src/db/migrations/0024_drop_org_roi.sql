-- Issue 23 item 3: an organization's match rules reach the Best ROI of price drops and its alert rules' minimum ROI.
-- The shared figure (price_drops.best_roi_*, price_drop_market_roi) stays the one everybody else sees; an
-- organization whose match rules name a drop's EAN gets its own row here, computed with its rules (the same default
-- seller profile as the shared figure). Rows exist only for (organization, drop) pairs a rule touches, so the table
-- grows with the rules, not with organizations × drops. A row with a null best ROI means "no ROI for this
-- organization" (e.g. every listing marked wrong), which overrides the shared figure too.
-- version: from a sequence, so the cached pages of the organization change with every recomputation.
create sequence price_drop_org_roi_version;
create table price_drop_org_roi (
  organization_id uuid not null references organizations(id) on delete cascade,
  drop_id bigint not null references price_drops(id) on delete cascade,
  best_roi_percentage numeric(9, 2),
  best_roi_market text,
  -- ROI per market ({"DE": 60.89, "UK": 41.2}): an alert rule's minimum ROI reads the markets it names.
  market_roi jsonb not null default '{}',
  computed_at timestamptz not null,
  version bigint not null default nextval('price_drop_org_roi_version'),
  primary key (organization_id, drop_id)
);
create index price_drop_org_roi_drop on price_drop_org_roi (drop_id);

-- Which organizations have rules for a drop's EAN (the refresh asks this for the drops it changed).
create index match_rules_ean on match_rules (ean);

-- The drops table sorted by Best ROI (issue 23 item 10), drops without a ROI last.
create index price_drops_active_best_roi on price_drops (best_roi_percentage desc nulls last, id desc) where status = 'active';
