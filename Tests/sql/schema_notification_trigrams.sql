-- Schema: the notifications' trigram index (0023_inbox_trigrams_and_feed_filters.sql). It follows the table,
-- and with search_contains checking its candidates (the inbox's search, python/switchboard/search.py) finds
-- the substrings of every word, in title or message, any case; a word of 1-2 characters tests every notification.
.read Tests/schema/schema.sql

INSERT INTO users (id, name) VALUES ('u1', 'Jordan');
INSERT INTO notifications (seq, user_id, type, title, message) VALUES
    (1, 'u1', 'deadline_alert', 'Deadline: Transcript upload', 'Due Friday at the NCAA center'),
    (2, 'u1', 'offer', 'Offer from Ohio State', 'Congratulations! 50% of the roster'),
    (3, 'u1', 'event', 'Campus visit', 'Bring your transcript — café at noon');

-- The notifications a search finds: the trigram candidates (every notification when no word has three
-- characters), each tested.
CREATE TEMP TABLE searches (q TEXT PRIMARY KEY);
INSERT INTO searches VALUES ('transcr'), ('TRANSCRIPT fri'), ('fri TRANSCRIPT'), ('ohio'), ('50%'), ('of'), ('é'),
    ('café'), ('cafe'), ('zzz'), ('noon visit');
CREATE TEMP VIEW found AS
SELECT s.q, coalesce((SELECT group_concat(seq) FROM (SELECT n.seq FROM notifications AS n
    WHERE (search_trigrams(s.q) IS NULL
           OR n.seq IN (SELECT rowid FROM notifications_trigram WHERE notifications_trigram MATCH search_trigrams(s.q)))
      AND search_contains(s.q, n.title, n.message) ORDER BY n.seq)), '') AS seqs
FROM searches AS s;

SELECT 'notification_trigrams_status', (SELECT rows || '/' || indexed_rows || '/' || ok FROM search_index_status
                                         WHERE index_name = 'notifications_trigram') = '3/3/1';
SELECT 'notification_trigrams_substrings', (SELECT seqs FROM found WHERE q = 'transcr') = '1,3'
    AND (SELECT seqs FROM found WHERE q = 'ohio') = '2' AND (SELECT seqs FROM found WHERE q = '50%') = '2';
SELECT 'notification_trigrams_every_word_any_order', (SELECT seqs FROM found WHERE q = 'TRANSCRIPT fri') = '1'
    AND (SELECT seqs FROM found WHERE q = 'fri TRANSCRIPT') = '1' AND (SELECT seqs FROM found WHERE q = 'noon visit') = '3';
SELECT 'notification_trigrams_short_words', (SELECT seqs FROM found WHERE q = 'of') = '2' AND (SELECT seqs FROM found WHERE q = 'é') = '3';
SELECT 'notification_trigrams_no_folding', (SELECT seqs FROM found WHERE q = 'café') = '3' AND (SELECT seqs FROM found WHERE q = 'cafe') = '';
SELECT 'notification_trigrams_absent', (SELECT seqs FROM found WHERE q = 'zzz') = '';

-- The index follows inserts, updates and deletes.
UPDATE notifications SET title = 'Offer from Oregon' WHERE seq = 2;
DELETE FROM notifications WHERE seq = 1;
INSERT INTO notifications (seq, user_id, type, title, message) VALUES (4, 'u1', 'event', 'Ohio showcase', 'Bring cleats');
SELECT 'notification_trigrams_follow_writes', (SELECT seqs FROM found WHERE q = 'ohio') = '4'
    AND (SELECT seqs FROM found WHERE q = 'transcr') = '3'
    AND (SELECT count(*) FROM notifications_trigram WHERE notifications_trigram MATCH search_trigrams('oregon')) = 1
    AND (SELECT count(*) FROM notifications_trigram WHERE notifications_trigram MATCH search_trigrams('NCAA')) = 0
    AND (SELECT ok FROM search_index_status WHERE index_name = 'notifications_trigram') = 1;
INSERT INTO notifications_trigram (notifications_trigram) VALUES ('integrity-check');
SELECT 'notification_trigrams_integrity', (SELECT count(*) FROM notifications_trigram) = 3;
