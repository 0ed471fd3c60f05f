-- name: typed-columns
-- Declared boolean and JSON columns, for the json output.
-- returns boolean: flag_on, flag_off, flag_two
-- :n integer, default 1: a number
-- returns boolean: flag_null, flag_text
-- returns json: obj, spaced, broken, missing, number_text
SELECT 1 AS flag_on, 0 AS flag_off, 2 AS flag_two, NULL AS flag_null, 'yes' AS flag_text,
       json_object('a', json_array(1, 2), 'b', 'x"y') AS obj, '{ "k" : [ true, null ] }' AS spaced,
       '{"k":' AS broken, NULL AS missing, '12' AS number_text, :n AS plain;
