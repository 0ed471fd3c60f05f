-- name: cells
-- Awkward cells for the output formats.
SELECT 1 AS id, 'plain' AS text, 2.5 AS real, NULL AS empty, x'00ff' AS blob
UNION ALL SELECT 2, 'comma, "quote" | pipe' || char(10) || 'second line', -1e300, NULL, NULL
UNION ALL SELECT 3, '日本語 🔥 emoji', 0.0, 'x', NULL;
