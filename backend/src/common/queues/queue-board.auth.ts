import { JwtService } from '@nestjs/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authUserFromClaims } from '../guards/auth-user';
import { TOKEN_COOKIE } from '../guards/jwt-auth.guard';

/** Where Bull Board is mounted (queue-board.module.ts). */
export const QUEUE_BOARD_ROUTE = '/admin/queues';

/**
 * Admin-only access to Bull Board. Bull Board registers plain Fastify routes that Nest guards
 * never see, so this onRequest hook checks the access JWT (bearer header, else the `token`
 * cookie the web app keeps) for role `admin`: 401 without a valid token or with the token of a
 * closed account (`isClosed`: account's ClosedAccounts, docs/PRODUCT-RULES.md R264), 403 for other
 * roles.
 */
export const protectQueueBoard = (
  fastify: FastifyInstance,
  accessSecret: string,
  isClosed: (userId: number) => boolean,
): void => {
  const jwt = new JwtService();
  fastify.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    const path = req.url.split('?')[0];
    if (path !== QUEUE_BOARD_ROUTE && !path.startsWith(`${QUEUE_BOARD_ROUTE}/`)) return;
    const header = req.headers.authorization;
    const cookies = (req as FastifyRequest & { cookies?: Record<string, string | undefined> })
      .cookies;
    const token = header?.startsWith('Bearer ') ? header.slice(7) : cookies?.[TOKEN_COOKIE];
    let user = null;
    if (token) {
      try {
        user = authUserFromClaims(
          await jwt.verifyAsync(token, { secret: accessSecret, algorithms: ['HS256'] }),
        );
      } catch {
        user = null;
      }
    }
    if (user && isClosed(user.id)) user = null;
    if (!user) return reply.status(401).send({ message: 'Log in as an admin to see the queues' });
    if (user.role !== 'admin') return reply.status(403).send({ message: 'Admins only' });
  });
};
