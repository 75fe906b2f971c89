-- Each instance keeps signed-in users' session facts (services/sessions.ts) and forgets a user
-- when this notifies their id: a change of role, e-mail or token version (a password change or
-- reset ends every session), or the row's deletion, by whoever writes it.
CREATE OR REPLACE FUNCTION notify_session_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('session_changed', OLD.id::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_session_changed
  AFTER UPDATE OF id, role, email, token_version OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_session_changed();
