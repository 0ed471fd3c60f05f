-- name: seed-one-user!
-- One user with a fixed id.
INSERT INTO users (id, name, email, graduation_year) VALUES ('u1', 'Ada Lovelace', 'ada@example.com', 2027);
