/**
 * `space_groups` (migration 15) always equals the spaces out of the trash counted by organization, parent and
 * default level, whatever writes the spaces: inserts, moves, level changes, trash and restore, deletes.
 */
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';

const GROUPED = `SELECT organization_id, coalesce(parent_id, '') AS parent_key, coalesce(default_level, '') AS level_key,
  count(*) AS n FROM spaces WHERE deleted_at IS NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`;
const KEPT = `SELECT organization_id, parent_key, level_key, n FROM space_groups WHERE n > 0 ORDER BY 1, 2, 3`;

describe('space_groups', () => {
  it('follows every write to spaces', () => {
    const db = openDatabase(':memory:');
    // Rows of spaces alone: the organizations and users they refer to do not matter here.
    db.sqlite.exec('PRAGMA foreign_keys = OFF');
    const insert = db.sqlite.prepare(
      `INSERT INTO spaces (id, organization_id, parent_id, title, emoji, visibility, edit_mode, default_level,
        sort_key, revision_id, created_at, updated_at, deleted_at)
       VALUES (?, ?, ?, 't', '', 'private', 'live', ?, ?, '', '', '', ?)`,
    );
    const same = () => expect(db.sqlite.prepare(KEPT).all()).toEqual(db.sqlite.prepare(GROUPED).all());
    for (let i = 0; i < 30; i++)
      insert.run(
        `s${i}`,
        i % 3 === 0 ? 'o1' : 'o2',
        i % 4 === 0 ? null : `c${i % 2}`,
        i % 5 === 0 ? null : i % 5 === 1 ? 'inherit' : 'read',
        `a${i}`,
        i % 7 === 0 ? '2026-01-01' : null,
      );
    same();
    db.sqlite.exec(`UPDATE spaces SET parent_id = 'c9' WHERE id IN ('s1', 's2', 's7')`);
    same();
    db.sqlite.exec(`UPDATE spaces SET default_level = NULL WHERE id IN ('s3', 's4')`);
    same();
    db.sqlite.exec(`UPDATE spaces SET deleted_at = '2026-02-02' WHERE id IN ('s5', 's6')`);
    same();
    db.sqlite.exec(`UPDATE spaces SET deleted_at = NULL WHERE id IN ('s0', 's5', 's14')`);
    same();
    db.sqlite.exec(`UPDATE spaces SET title = 'renamed', organization_id = 'o3' WHERE id IN ('s8', 's9')`);
    same();
    db.sqlite.exec(`DELETE FROM spaces WHERE id IN ('s10', 's21', 's6')`);
    same();
    db.close();
  });
});
