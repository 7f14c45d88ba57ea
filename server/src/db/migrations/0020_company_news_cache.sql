-- Company facts (issue 18): the news source's answer per company, shared by every app process
-- and kept a day (modules/company-facts reads it before calling the provider).
CREATE TABLE IF NOT EXISTS "company_news_cache" (
  "company_key" text PRIMARY KEY NOT NULL,
  "items" jsonb NOT NULL,
  "fetched_at" timestamp with time zone NOT NULL
);
