-- A stored deal (about 2.5 kB with its profit breakdown, warnings and sales estimate) stays in its table row instead
-- of being compressed into TOAST: compressing every row slowed a scan's inserts on the embedded database
-- (docs/decisions/0032). Deals live 24 hours, so the larger rows do not add up.
alter table scan_results set (toast_tuple_target = 8160);
