// One way to make a fresh PostgreSQL database, for scripts/test.mjs (plain Node) and the bench.
import pg from "pg";

/** Drops and creates the database `name` beside the one adminUrl names; answers its URL. */
export async function freshDatabase(adminUrl, name) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
