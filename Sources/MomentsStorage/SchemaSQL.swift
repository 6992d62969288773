// Generated copy of schema.sql (the only file anyone edits); a test fails when
// the two differ. Regenerate after editing schema.sql with:
//   { head -n 5 Sources/MomentsStorage/SchemaSQL.swift; cat schema.sql; printf '"""#\n}\n'; } > /tmp/s && mv /tmp/s Sources/MomentsStorage/SchemaSQL.swift
enum SchemaSQL {
    static let text = #"""
-- Moments BFF database layout: the single source of truth (docs/storage.md).
-- Applied once, in one transaction, to a new (empty) database. The binary
-- embeds a copy (Sources/MomentsStorage/SchemaSQL.swift) that a test keeps
-- identical to this file. Bump user_version and add a migration in
-- SchemaInstaller.swift for any change to an existing layout.

CREATE TABLE users (
    id               TEXT PRIMARY KEY NOT NULL,
    name             TEXT NOT NULL,
    avatar           TEXT NOT NULL,
    background_image TEXT NOT NULL
);

-- Stored in both directions: (a, b) and (b, a). The primary key is the
-- "friends of U" access path of the timeline and of the visibility check.
CREATE TABLE friendships (
    user_id   TEXT NOT NULL REFERENCES users(id),
    friend_id TEXT NOT NULL REFERENCES users(id),
    PRIMARY KEY (user_id, friend_id)
) WITHOUT ROWID;
-- Foreign-key child index for friend_id.
CREATE INDEX friendships_by_friend ON friendships(friend_id);

CREATE TABLE moments (
    id           TEXT PRIMARY KEY NOT NULL,
    user_id      TEXT NOT NULL REFERENCES users(id),
    type         TEXT NOT NULL CHECK (type IN ('URL', 'PHOTOS')),
    title        TEXT,
    url          TEXT,
    created_date INTEGER NOT NULL -- Unix seconds
);
-- The timeline's access path: each author's moments, newest first.
CREATE INDEX moments_by_author ON moments(user_id, created_date DESC, id DESC);

-- Each user's newest moment (version 2): where their part of a timeline
-- starts, so that a page starts from one small read per author rather than a
-- search of each author's moments. The triggers below keep it in the
-- transaction of every change to moments, whoever makes it.
CREATE TABLE latest_moments (
    user_id      TEXT PRIMARY KEY NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_date INTEGER NOT NULL,
    moment_id    TEXT NOT NULL
) WITHOUT ROWID;
CREATE TRIGGER moments_latest_insert AFTER INSERT ON moments
BEGIN
    INSERT INTO latest_moments (user_id, created_date, moment_id) VALUES (NEW.user_id, NEW.created_date, NEW.id)
        ON CONFLICT (user_id) DO UPDATE SET created_date = excluded.created_date, moment_id = excluded.moment_id
        WHERE (excluded.created_date, excluded.moment_id) > (latest_moments.created_date, latest_moments.moment_id);
END;
CREATE TRIGGER moments_latest_delete AFTER DELETE ON moments
BEGIN
    DELETE FROM latest_moments WHERE user_id = OLD.user_id AND moment_id = OLD.id;
    INSERT INTO latest_moments (user_id, created_date, moment_id)
        SELECT m.user_id, m.created_date, m.id FROM moments AS m
        WHERE m.user_id = OLD.user_id AND NOT EXISTS (SELECT 1 FROM latest_moments AS l WHERE l.user_id = OLD.user_id)
        ORDER BY m.created_date DESC, m.id DESC LIMIT 1;
END;
CREATE TRIGGER moments_latest_update AFTER UPDATE OF id, user_id, created_date ON moments
BEGIN
    DELETE FROM latest_moments WHERE user_id = OLD.user_id AND moment_id = OLD.id;
    INSERT INTO latest_moments (user_id, created_date, moment_id)
        SELECT m.user_id, m.created_date, m.id FROM moments AS m
        WHERE m.user_id = OLD.user_id AND NOT EXISTS (SELECT 1 FROM latest_moments AS l WHERE l.user_id = OLD.user_id)
        ORDER BY m.created_date DESC, m.id DESC LIMIT 1;
    INSERT INTO latest_moments (user_id, created_date, moment_id) VALUES (NEW.user_id, NEW.created_date, NEW.id)
        ON CONFLICT (user_id) DO UPDATE SET created_date = excluded.created_date, moment_id = excluded.moment_id
        WHERE (excluded.created_date, excluded.moment_id) > (latest_moments.created_date, latest_moments.moment_id);
END;

-- The primary key is the "photos of a moment, in order" access path.
CREATE TABLE moment_photos (
    moment_id TEXT NOT NULL REFERENCES moments(id),
    position  INTEGER NOT NULL,
    url       TEXT NOT NULL,
    PRIMARY KEY (moment_id, position)
) WITHOUT ROWID;

CREATE TABLE moment_likes (
    moment_id TEXT NOT NULL REFERENCES moments(id),
    user_id   TEXT NOT NULL REFERENCES users(id),
    liked_at  INTEGER NOT NULL, -- Unix milliseconds
    PRIMARY KEY (moment_id, user_id)
) WITHOUT ROWID;
-- The likers of a moment in the order they are shown (oldest first, ties by
-- user id), read without a sort.
CREATE INDEX moment_likes_by_time ON moment_likes(moment_id, liked_at, user_id);
-- Foreign-key child index for user_id.
CREATE INDEX moment_likes_by_user ON moment_likes(user_id);

-- How many users like each moment (version 2), so that a count is read, never
-- counted: the triggers below keep it in the transaction of every change to
-- moment_likes, whoever writes it. A moment without a row has no likes.
CREATE TABLE moment_like_counts (
    moment_id TEXT PRIMARY KEY NOT NULL REFERENCES moments(id) ON DELETE CASCADE,
    likes     INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TRIGGER moment_likes_count_insert AFTER INSERT ON moment_likes
BEGIN
    INSERT INTO moment_like_counts (moment_id, likes) VALUES (NEW.moment_id, 1)
        ON CONFLICT (moment_id) DO UPDATE SET likes = moment_like_counts.likes + 1;
END;
CREATE TRIGGER moment_likes_count_delete AFTER DELETE ON moment_likes
BEGIN
    UPDATE moment_like_counts SET likes = likes - 1 WHERE moment_id = OLD.moment_id;
END;
CREATE TRIGGER moment_likes_count_update AFTER UPDATE OF moment_id ON moment_likes
BEGIN
    UPDATE moment_like_counts SET likes = likes - 1 WHERE moment_id = OLD.moment_id;
    INSERT INTO moment_like_counts (moment_id, likes) VALUES (NEW.moment_id, 1)
        ON CONFLICT (moment_id) DO UPDATE SET likes = moment_like_counts.likes + 1;
END;

PRAGMA user_version = 2;
"""#
}
