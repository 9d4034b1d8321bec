// The channel worker's timed jobs (agenda with @agendajs/postgres-backend 3.0.6): its jobs table, created here
// rather than by the backend (ensureSchema), because workers that start together race on that DDL and fail.
import { Migration } from "@mikro-orm/migrations";

export class Migration0011AgendaJobs extends Migration {
  override up(): void {
    // Column for column the backend's own schema (its schema.js), so the repository's queries find what they expect.
    this.addSql(`CREATE TABLE agenda_jobs (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name varchar(255) NOT NULL,
      priority integer NOT NULL DEFAULT 0,
      next_run_at timestamptz,
      type varchar(10) NOT NULL DEFAULT 'normal' CHECK (type IN ('normal', 'single')),
      locked_at timestamptz,
      last_finished_at timestamptz,
      failed_at timestamptz,
      fail_count integer DEFAULT NULL,
      fail_reason text,
      repeat_timezone varchar(100),
      last_run_at timestamptz,
      repeat_interval varchar(255),
      data jsonb DEFAULT '{}'::jsonb,
      repeat_at varchar(255),
      disabled boolean DEFAULT false,
      progress real,
      fork boolean DEFAULT false,
      last_modified_by varchar(255),
      debounce_started_at timestamptz,
      start_date timestamptz,
      end_date timestamptz,
      skip_days jsonb,
      created_at timestamptz DEFAULT now(),
      updated_at timestamptz DEFAULT now()
    )`);
    // Finding and locking the next due job.
    this.addSql(`CREATE INDEX agenda_jobs_find_and_lock_idx ON agenda_jobs
      (name, next_run_at, priority DESC, locked_at, disabled) WHERE disabled = false`);
    // agenda.every() upserts its recurring job by name: ON CONFLICT needs this index.
    this.addSql("CREATE UNIQUE INDEX agenda_jobs_single_job_idx ON agenda_jobs (name) WHERE type = 'single'");
    this.addSql("CREATE INDEX agenda_jobs_locked_at_idx ON agenda_jobs (locked_at) WHERE locked_at IS NOT NULL");
    this.addSql("CREATE INDEX agenda_jobs_next_run_at_idx ON agenda_jobs (next_run_at) WHERE next_run_at IS NOT NULL");
    this.addSql(`CREATE FUNCTION update_agenda_jobs_updated_at() RETURNS trigger AS $$
      BEGIN
        NEW.updated_at = now();
        RETURN NEW;
      END;
      $$ LANGUAGE plpgsql`);
    this.addSql(`CREATE TRIGGER agenda_jobs_updated_at_trigger BEFORE UPDATE ON agenda_jobs
      FOR EACH ROW EXECUTE FUNCTION update_agenda_jobs_updated_at()`);
  }
}
