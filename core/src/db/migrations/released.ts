// The last migration of the release running in production before this one (decision 0097). Migrations after it
// run while that release still serves (a rolling upgrade): they may only expand the schema. Move it forward to the
// last migration of each release as it ships (the release's last entry in MIGRATIONS, orm.ts).
export const LAST_RELEASED_MIGRATION = "0071-invoices";
