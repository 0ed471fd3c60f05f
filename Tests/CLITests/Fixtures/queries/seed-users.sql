-- name: seed-users#
-- Two users with fixed ids, for tests.
INSERT INTO users (id, name, email, graduation_year) VALUES ('u1', 'Ada Lovelace', 'ada@example.com', 2027);
INSERT INTO users (id, name, email, graduation_year) VALUES ('u2', 'Björn 日本 🔥', NULL, NULL);
