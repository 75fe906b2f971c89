import { router } from '../../trpc/init';
import { invitesRouter } from './invites';
import { usersRouter } from './users';

/** The GP's tools: invite links (GP profile) and the users and their edit logs (User info). */
export const adminRouter = router({
  invites: invitesRouter,
  users: usersRouter,
});
