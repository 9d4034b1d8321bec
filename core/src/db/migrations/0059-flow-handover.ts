// The flow runtime's hand-overs (decision 0061): a run waits on a TypeBot or OpenAI node while that bot talks (its
// Typebot session kept on the run), the worker's steps for it name the run and the step they were written at, a
// queue integration of type flowbuilder starts a flow once per queue (the run keeps which queue), and a ticket
// closed by any path ends its run at once.
import { Migration } from "@mikro-orm/migrations";

export class Migration0059FlowHandover extends Migration {
  override up(): void {
    this.addSql("ALTER TABLE flow_runs ADD COLUMN bot_session jsonb, ADD COLUMN queue_id integer");
    this.addSql("ALTER TABLE integration_steps ADD COLUMN flow_run_id integer, ADD COLUMN flow_step integer");
    // The flow a queue integration of type flowbuilder starts.
    this.addSql("ALTER TABLE queue_integrations ADD COLUMN flow_id integer REFERENCES flows(id) ON DELETE SET NULL");
    // Closing has many paths (the agent, close-all, auto-close, expiry, the inbound gate, ratings): one trigger
    // ends the running flow of a ticket on every one of them, in the closing transaction.
    this.addSql(`CREATE FUNCTION flow_runs_end_on_close() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE flow_runs SET status = 'ended', end_reason = 'closed', waiting_for = NULL, step = step + 1,
          updated_at = now()
        WHERE company_id = NEW.company_id AND ticket_id = NEW.id AND status = 'running';
        RETURN NULL;
      END $$`);
    this.addSql(`CREATE TRIGGER flow_runs_end_on_close AFTER UPDATE OF status ON tickets FOR EACH ROW
      WHEN (NEW.status = 'closed' AND OLD.status IS DISTINCT FROM 'closed')
      EXECUTE FUNCTION flow_runs_end_on_close()`);
  }
}
