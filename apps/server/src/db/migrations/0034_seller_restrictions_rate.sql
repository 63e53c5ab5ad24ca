-- The listing-restrictions rate Amazon said it applies to this seller (x-amzn-RateLimit-Limit, requests per second).
-- Null: Amazon's documented default (5 per second). The shared bucket of seller_accounts refills at this rate.
alter table seller_accounts add column restrictions_rate double precision;
