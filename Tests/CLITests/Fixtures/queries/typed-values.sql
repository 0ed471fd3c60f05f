-- name: typed-values
-- Echoes its parameters, to check typing.
-- Extra description line.
-- :i integer: an integer
-- :r real, default 1.5: a real
-- :b boolean, default false: a flag
-- :t text, optional: free text
-- :p text, one of twitter|instagram, default twitter: a platform
SELECT :i AS i, :r AS r, :b AS b, :t AS t, :p AS p, typeof(:b) AS b_type;
