-- Supplier prices in another currency, and prices incl. VAT (issue 23 item 2, docs/scans.md "Supplier prices in
-- another currency"). What the mapping dialog (or manual entry) said about the supplier's prices, kept with the scan so
-- a resumed run and a re-run of the kept list convert them the same way: the currency they are written in, whether
-- they include VAT, and the supplier's VAT rate (fraction; null: the currency's standard rate, SUPPLIER_VAT_DEFAULTS).
-- Scans from before are EUR excl. VAT, as they were computed.
alter table scans add column price_currency text not null default 'EUR';
alter table scans add column price_includes_vat boolean not null default false;
alter table scans add column price_vat_rate double precision;
