-- Trigram search of tribes by name and region (PGlite loads the extension too; it is trusted since PostgreSQL 13).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
