-- instant_ms(ts) against the instant rule it names (schema/0014_instants.sql): the triggers' plain-SQL CASE,
-- copied below as the triggers have it (InstantKeyTests checks that it is the same text), run over a table of
-- forms: valid, edge and invalid ones, every type, and combinations of dates, separators, times and zones.
-- Equal on every row, NULL where the rule gives NULL.
.output /dev/null
CREATE TEMP TABLE forms(stamp);
INSERT INTO forms VALUES
    (NULL), (''), (' '), ('soon'), ('now'), ('+0000'), ('-'), ('+'), ('.'), ('1.'), ('.5'), ('-.5'), ('+5'), ('5-'),
    ('1.2.3'), ('1e5'), ('0x10'), (' 1770703200'), ('1770703200 '), ('1770703200'), ('1770703200.5'),
    ('1770699600500'), ('1770699600500.5'), ('-1'), ('-1770703200'), ('99999999999'), ('99999999999.9995'),
    ('100000000000'), ('-99999999999'), ('-100000000000'), ('0'), ('-0'), ('0.0005'), ('0.00049999999999999999'),
    ('0.0015'), ('-0.0005'), ('-0.0015'), ('9223372036854775807'), ('9223372036854775808'), ('-9223372036854775809'),
    ('99999999999999999999999999'), ('1' || hex(zeroblob(200))), ('-1' || hex(zeroblob(200))),
    ('0.' || hex(zeroblob(200)) || '1'), ('1770703200.123456789012345678901234567890'),
    (1770703200), (-1), (100000000000), (9223372036854775807), (-9223372036854775808), (0),
    (1770703200.5), (1e15), (999999999999999.0), (1e14), (0.0001), (0.00001), (-1.5), (1e11), (99999999999.9995),
    (-0.0), (1e300),
    (CAST('2026-02-10T10:00:00Z' AS BLOB)), (X'00'), (CAST('1770703200' AS BLOB)), (X'323032362D30322D3130FF'),
    ('2026-02-10T10:00:00+05' || char(0) || 'x'), ('2026-02-10T10:00:00+0530' || char(0)),
    ('1770703200' || char(0) || '5'), ('2026-02-10' || char(0) || 'T10:00'), (char(0) || '1'),
    ('2026-02-30'), ('2026-02-31'), ('2026-13-01'), ('2026-00-10'), ('2026-02-00'), ('2026-02-32'), ('0000-01-01'),
    ('0000-03-01'), ('9999-12-31T23:59:59.999Z'), ('9999-12-31T23:59:59.9999Z'), ('9999-12-31T24:00:00Z'),
    ('9999-12-31 23:59:59-01:00'), ('0000-01-01T00:00:00+14:00'), ('0000-01-01T00:00:00-14:59'), ('2026-02-10T'),
    ('2026-02-10 '), ('2026-02-10TT 10:00'), ('2026-02-10t10:00z'), ('2026-02-10T10:00:00Z '), ('2026-02-10T10:00:00 Z'),
    ('2026-02-10T10:00:00 +05:00'), ('2026-02-10T10:00:00+05:00 '), ('2026-02-10T10:00+0500'), ('2026-02-10T10:00-05'),
    ('2026-02-10 10:00:00.5-0030'), ('2026-02-10T10:00:00Z+05'), ('2026-02-10T10:00:00+1500'),
    ('2026-02-10T10:00:00+14:59'), ('2026-02-10T10:00:00+05:60'), ('2026-02-10T10:00:00+5'), ('2026-02-10T10:00:00+005'),
    ('2026-02-10T24:00'), ('2026-02-10T24:59:59'), ('2026-02-10T25:00'), ('2026-02-10T10:60'), ('2026-02-10T10:00:60'),
    ('2026-02-10T10:00:00.'), ('2026-02-10T10:00:00.Z'), ('2026-02-10T1:00'), ('2026-02-10T10:0'), ('2026-02-10T10'),
    ('2026-02-10x'), ('2026-2-10'), ('20260210'), ('2026-02-10T10:00:00,5Z'), ('2026-02-10T10:00:00.9995Z'),
    ('2026-02-10T10:00:00.99949Z'), ('2026-02-10T10:00:00.0005Z'), ('2026-02-10T10:00:00.00049Z'),
    ('2026-02-10T10:00:00.123456789012345678901234567890Z'),
    ('2026-02-10T10:00:00.' || replace(hex(zeroblob(200)), '0', '9') || 'Z'),
    ('2026-02-10T10:00:00.1' || hex(zeroblob(154))), ('2026-02-10T10:00:00.1' || hex(zeroblob(155))),
    ('2026-02-10T10:00:00.9' || hex(zeroblob(154))), ('2026-02-10T10:00:00.9' || hex(zeroblob(155))),
    ('2026-02-10' || char(9) || '10:00'), ('2026-02-10T10:00:00' || char(10)), ('2026-02-10T10:00:00é'),
    ('２０２６-02-10'), ('2026-02-10T10:00:00Ｚ'), ('2026-02-10T10:00:00+05:00:00'), ('2026-02-10T10:00:00-0000'),
    ('2026-02-10 10:00 2026-02-10'), ('2026-02-10-05'), ('2026-02-10T10:00:00+05:00Z'), ('2026-02-10T10:00:00+0500Z');
-- Every date, separator, time and zone together.
INSERT INTO forms
SELECT d.column1 || s.column1 || t.column1 || z.column1
FROM (VALUES ('2026-02-10'), ('1970-01-01'), ('0001-01-01'), ('2024-02-29'), ('2023-02-29'), ('9999-12-31'),
             ('1969-12-31')) AS d,
     (VALUES ('T'), ('t'), (' '), ('')) AS s,
     (VALUES (''), ('00:00'), ('23:59:59'), ('12:30:45.5'), ('12:30:45.123456'), ('12:30'), ('24:00:00')) AS t,
     (VALUES (''), ('Z'), ('z'), ('+05:00'), ('-0530'), ('+14'), ('-14:59'), ('+15:00'), (' +01:00'), ('+0000'),
             ('-00')) AS z;
-- Every sign, number and fraction of a Unix time.
INSERT INTO forms
SELECT s.column1 || n.column1 || f.column1
FROM (VALUES (''), ('-'), ('+')) AS s,
     (VALUES ('0'), ('1'), ('99999999999'), ('100000000000'), ('1770703200'), ('1770699600500'), ('')) AS n,
     (VALUES (''), ('.'), ('.5'), ('.4999'), ('.0005'), ('.9995'), ('.49999999999999994')) AS f;
CREATE TEMP VIEW keyed AS
SELECT stamp, instant_ms(stamp) AS function,
    CASE
        -- A Unix time: only digits, at most one '.', a sign only first. Seconds below 1e11 in magnitude
        -- (1e11 s is the year 5138), milliseconds from there on (1e11 ms is 3 March 1973).
        WHEN stamp NOT GLOB '*[^0-9.+-]*' AND stamp GLOB '*[0-9]*' AND stamp NOT GLOB '?*[+-]*' AND stamp NOT GLOB '*.*.*'
        THEN CAST(round(CASE WHEN abs(CAST(stamp AS REAL)) < 1e11 THEN CAST(stamp AS REAL) * 1000 ELSE CAST(stamp AS REAL) END)
                  AS INTEGER)
        -- ISO 8601 as julianday() reads it (T or space, any fraction, Z, ±HH:MM; upper() for t and z),
        -- after ±HHMM becomes ±HH:MM and ±HH becomes ±HH:00; julianday() counts whole milliseconds.
        WHEN stamp GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]*'
        THEN CAST(round((julianday(CASE
                 WHEN stamp GLOB '*[0-9]:[0-9][0-9]*[+-][0-9][0-9][0-9][0-9]'
                 THEN upper(substr(stamp, 1, length(stamp) - 2)) || ':' || substr(stamp, -2)
                 WHEN stamp GLOB '*[0-9]:[0-9][0-9]*[+-][0-9][0-9]' THEN upper(stamp) || ':00'
                 ELSE upper(stamp) END) - 2440587.5) * 86400000) AS INTEGER)
    END
    AS rule
FROM forms;
.output stdout
SELECT 'forms_tested', (SELECT count(*) FROM forms) > 2400;
SELECT 'function_agrees_with_rule', (SELECT count(*) FROM keyed WHERE function IS NOT rule) = 0;
-- The first disagreement, named (passes as 1 when there is none).
SELECT 'first_disagreement', coalesce((SELECT quote(stamp) || ': rule ' || quote(rule) || ', instant_ms ' || quote(function)
                                       FROM keyed WHERE function IS NOT rule LIMIT 1), 1);
SELECT 'some_forms_read', (SELECT count(*) FROM keyed WHERE rule IS NOT NULL) > 1000
    AND (SELECT count(*) FROM keyed WHERE rule IS NULL) > 300;

-- What the rule gives, form by form.
SELECT 'null', instant_ms(NULL) IS NULL AND instant_ms('') IS NULL AND instant_ms('soon') IS NULL
    AND instant_ms('2026-02-10T10:00:00+0000Z') IS NULL AND instant_ms(CAST('1770703200' AS BLOB)) IS NULL;
-- '+0000' alone is a Unix time (a sign, then digits).
SELECT 'offset_alone', instant_ms('+0000') = 0;
SELECT 'iso_forms', instant_ms('2026-02-10T10:00:00Z') = 1770717600000
    AND instant_ms('2026-02-10 15:00:00+05:00') = 1770717600000 AND instant_ms('2026-02-10t15:00:00+0500') = 1770717600000
    AND instant_ms('2026-02-10T05:00:00-05') = 1770717600000 AND instant_ms('2026-02-10T10:00:00z') = 1770717600000
    AND instant_ms('2026-02-10T10:00') = 1770717600000 AND instant_ms('2026-02-10') = 1770681600000;
SELECT 'fractions', instant_ms('2026-02-10T10:00:00.5Z') = 1770717600500
    AND instant_ms('2026-02-10T10:00:00.123456789Z') = 1770717600123;
SELECT 'unix_times', instant_ms('1770717600') = 1770717600000 AND instant_ms(1770717600) = 1770717600000
    AND instant_ms('1770717600500') = 1770717600500 AND instant_ms('1770717600.25') = 1770717600250
    AND instant_ms(-1) = -1000 AND instant_ms('-1.5') = -1500;
SELECT 'boundary_1e11', instant_ms('99999999999') = 99999999999000 AND instant_ms('100000000000') = 100000000000
    AND instant_ms('-100000000000') = -100000000000;
SELECT 'saturates', instant_ms('99999999999999999999999') = 9223372036854775807
    AND instant_ms('-99999999999999999999999') = -9223372036854775808;
SELECT 'julianday_leniency', instant_ms('2026-02-30') = instant_ms('2026-03-02');
