-- name: tg-templates
-- The Telegram quick-send buttons, in order, with the target group shown as 'Title (N members)'.
SELECT t.id, t.name, t.icon, t.message_text, t.target_group_id,
       CASE WHEN g.id IS NOT NULL THEN g.title || ' (' || g.member_count || ' members)'
            ELSE t.target_group_name END AS target_group,
       t.include_location, t.sort_order
FROM tg_templates AS t
LEFT JOIN tg_groups AS g ON g.id = t.target_group_id
ORDER BY t.sort_order, t.created_at, t.id;
