-- name: schools-delete(id)!
-- Deletes a school.
-- Its coaches and interactions stay, without a school (foreign keys, which the CLI turns on); posts and
-- notifications that name it show "Unknown School". Reports 1 changed row; an unknown id is an error.
-- missing: School not found
-- :id  text: the school's id
DELETE FROM schools WHERE id = :id;
