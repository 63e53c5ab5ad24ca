-- A scan's unusable rows (the report download, up to STORED_ISSUES_LIMIT = 25,000 per scan) are stored as JSON text in
-- chunks of up to 1,000 instead of one indexed row each: writing 25,000 rows cost a typical warm scan about a second of
-- CPU in the embedded database (docs/scans.md, "Regression found on 27 Nov 2026"). A chunk's key makes storing it again
-- (a resumed run) a no-op; the report reads every chunk, keeps each (line, reason) once and sorts by line.
create table scan_issue_chunks (
  scan_id uuid not null references scans(id) on delete cascade,
  chunk text not null,
  issues text not null,
  primary key (scan_id, chunk)
);

insert into scan_issue_chunks (scan_id, chunk, issues)
select scan_id, 'migrated',
       json_agg(json_build_object('line', line, 'reason', reason, 'value', value, 'message', message) order by line, reason)::text
  from scan_issues
 group by scan_id;

drop table scan_issues;
