-- The index PostgreSQL's 0002 has and SQLite's lacked: deleting an account
-- cascades to its tokens, which without it scans the whole table.
CREATE INDEX tokens_user ON tokens (user_id);
