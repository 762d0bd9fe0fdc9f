-- The thumbnail's size, so the storage quota (issue 23) counts what is stored: uploads, thumbnails, renders.
-- Thumbnails made before this migration count 0 bytes (tens of KB each).
ALTER TABLE "media" ADD COLUMN "thumbnail_bytes" integer DEFAULT 0 NOT NULL;