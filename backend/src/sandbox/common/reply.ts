import type { FastifyReply } from 'fastify';
import { ProviderAnswer } from './provider-answer';

/** Puts a provider answer's status and content type on the reply; returns the body to send. */
export const sendAnswer = (reply: FastifyReply, answer: ProviderAnswer): unknown => {
  void reply.status(answer.status);
  if (answer.contentType) void reply.type(answer.contentType);
  return answer.body;
};

/** Sends an HTML page with `status`. */
export const sendHtml = (reply: FastifyReply, status: number, html: string): string => {
  void reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store');
  return html;
};
