-- fts_query and text_preview through the real shell; fts_query's output runs in a real FTS5 MATCH.
CREATE VIRTUAL TABLE docs USING fts5(title, body, tokenize = 'unicode61 remove_diacritics 2');
INSERT INTO docs VALUES ('Smith coach', 'hello world'), ('Café résumé', 'x-ray 😀 emoji'),
    ('NEAR and OR', 'NOT col: "quoted" text'), ('Jones', 'say "hi" to the team');
CREATE TABLE inputs(q TEXT);
INSERT INTO inputs VALUES ('"'), ('*'), ('-'), ('NEAR('), ('NEAR(a b, 2)'), ('col:'), ('title:smith'), ('AND'), ('OR'),
    ('NOT'), ('a AND'), ('OR b'), ('^'), ('^smith'), ('😀'), ('.'), ('""'), ('"""'), ('(('), ('))'), ('{title}: x'),
    ('-smith'), ('+smith'), ('smith*'), ('**'), ('a"b'), (char(0)), ('a' || char(0) || 'b'), (char(1, 2, 3)),
    ('   '), (''), ('x' || char(10) || 'y'), ('café'), ('ñ'), (char(769)), (char(57344)), (char(65533)), ('''');
SELECT 'fts_simple', fts_query('smith') = '"smith"*';
SELECT 'fts_two_terms', fts_query('smi jo') = '"smi"* "jo"*';
SELECT 'fts_quote_doubled', fts_query('say "hi"') = '"say"* """hi"""*';
SELECT 'fts_operators_quoted', fts_query('NEAR( col: AND') = '"NEAR("* "col:"* "AND"*';
SELECT 'fts_nul_dropped', fts_query('ab' || char(0) || 'cd') = '"abcd"*';
SELECT 'fts_controls_dropped', fts_query('a' || char(1) || 'b') = '"ab"*';
SELECT 'fts_punctuation_dropped', fts_query('- smith * 😀') = '"smith"*';
SELECT 'fts_blank_null', fts_query('   ') IS NULL;
SELECT 'fts_empty_null', fts_query('') IS NULL;
SELECT 'fts_null_null', fts_query(NULL) IS NULL;
SELECT 'fts_only_punctuation_null', fts_query('- * ^ "') IS NULL;
SELECT 'fts_no_input_errors', (SELECT sum(CASE WHEN fts_query(q) IS NULL THEN 0 ELSE (SELECT count(*) FROM docs WHERE docs MATCH fts_query(q)) + 1 END) FROM inputs) > 0;
SELECT 'fts_inputs_kept', (SELECT count(*) FROM inputs WHERE fts_query(q) IS NOT NULL) = 20;
SELECT 'fts_inputs_matched', (SELECT group_concat(q, '|') FROM (SELECT q FROM inputs WHERE fts_query(q) IS NOT NULL AND (SELECT count(*) FROM docs WHERE docs MATCH fts_query(q)) > 0 ORDER BY rowid)) = 'NEAR(|col:|AND|OR|NOT|a AND|^smith|-smith|+smith|smith*|café|ñ';
SELECT 'fts_prefix_matches', (SELECT count(*) FROM docs WHERE docs MATCH fts_query('smi')) = 1;
SELECT 'fts_and_matches', (SELECT count(*) FROM docs WHERE docs MATCH fts_query('smi hel')) = 1;
SELECT 'fts_and_narrows', (SELECT count(*) FROM docs WHERE docs MATCH fts_query('smi jones')) = 0;
SELECT 'fts_diacritics', (SELECT count(*) FROM docs WHERE docs MATCH fts_query('cafe resume')) = 1;
SELECT 'fts_operator_words_are_words', (SELECT count(*) FROM docs WHERE docs MATCH fts_query('NEAR OR NOT')) = 1;
SELECT 'fts_column_syntax_is_text', (SELECT count(*) FROM docs WHERE docs MATCH fts_query('col: text')) = 1;
SELECT 'fts_quotes_inside_match', (SELECT count(*) FROM docs WHERE docs MATCH fts_query('"hi" team')) = 1;
SELECT 'fts_hyphenated', (SELECT count(*) FROM docs WHERE docs MATCH fts_query('x-ray')) = 1;
SELECT 'fts_skip_when_null', (SELECT count(*) FROM docs WHERE fts_query('  ') IS NULL OR docs MATCH fts_query('  ')) = 4;
SELECT 'fts_term_cap', (SELECT length(fts_query((SELECT group_concat('w', ' ') FROM generate_series(1, 300000)))) = 32 * 5 - 1);
SELECT 'preview_cut', text_preview('Dear coach, thanks for the visit', 10) = 'Dear coach...';
SELECT 'preview_short', text_preview('Hi', 100) = 'Hi';
SELECT 'preview_exact', text_preview('abc', 3) = 'abc';
SELECT 'preview_zero', text_preview('abc', 0) = '...';
SELECT 'preview_emoji', text_preview('👋🏽👋🏽👋🏽', 2) = '👋🏽👋🏽...';
SELECT 'preview_flags', text_preview('🇫🇷🇩🇪🇮🇹', 1) = '🇫🇷...';
SELECT 'preview_combining', text_preview('e' || char(769) || 'e' || char(769), 1) = 'e' || char(769) || '...';
SELECT 'preview_real_n', text_preview('hello', 2.9) = 'he...';
SELECT 'preview_huge_n', text_preview('hello', 9223372036854775807) = 'hello';
SELECT 'preview_null_text', text_preview(NULL, 5) IS NULL;
SELECT 'preview_null_n', text_preview('hello', NULL) IS NULL;
SELECT 'preview_integer_text', text_preview(123456, 3) = '123...';
SELECT 'preview_blob_text', text_preview(CAST('héllo' AS BLOB), 2) = 'hé...';
SELECT 'preview_big_text', text_preview(replace(printf('%.*c', 5000000, 'x'), 'x', 'ab'), 3) = 'aba...';
SELECT 'preview_hundred', text_preview(replace(printf('%.*c', 150, 'x'), 'x', 'é'), 100) = replace(printf('%.*c', 100, 'x'), 'x', 'é') || '...';
SELECT 'text_flags_pure', (SELECT count(*) FROM pragma_function_list WHERE name IN ('fts_query', 'text_preview') AND flags & 0x200800 = 0x200800) = 2;
SELECT 'utf8_invalid_text_preview', text_preview(CAST(x'61FF62' AS TEXT), 5) = 'a' || char(65533) || 'b';
SELECT 'utf8_invalid_fts', fts_query(CAST(x'61FF62' AS TEXT)) = '"a' || char(65533) || 'b"*';

-- random_uuid(): version 4 text, as the id defaults write it; a new one each call.
SELECT 'random_uuid_form', random_uuid() GLOB replace('HHHHHHHH-HHHH-4HHH-[89ab]HHH-HHHHHHHHHHHH', 'H', '[0-9a-f]');
SELECT 'random_uuid_new_each_call', (SELECT count(DISTINCT random_uuid()) FROM (VALUES (1), (2), (3))) = 3;
