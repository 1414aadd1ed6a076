import { FastifyReply } from 'fastify';

/** The client spec's answer to a DELETE: 205 when something was deleted, 204 when there was nothing to delete. */
export function answerDeletion(reply: FastifyReply, deleted: boolean): void {
  void reply.status(deleted ? 205 : 204);
}
