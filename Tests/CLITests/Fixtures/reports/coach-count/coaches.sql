-- name: coaches
-- Coaches per school, for the --reports test.
-- :min  integer, default 1: the fewest coaches a school needs to be listed
SELECT coalesce(s.name, 'No school') AS school, count(*) AS coaches
FROM coaches AS c LEFT JOIN schools AS s ON s.id = c.school_id
GROUP BY 1 HAVING count(*) >= :min ORDER BY 2 DESC, 1;
