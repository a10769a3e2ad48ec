import { CreateJobInbox1763900000000 } from './1763900000000-CreateJobInbox';

/** Every migration in order. Schema changes only through new entries here, never synchronize. */
export const MIGRATIONS = [CreateJobInbox1763900000000];
