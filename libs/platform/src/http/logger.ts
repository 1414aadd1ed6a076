import { LoggerService } from '@nestjs/common';
import pino, { Logger } from 'pino';

/** Logs go to stderr as JSON lines, so a CLI's stdout carries only its answer. */
export function createLogger(level: string): Logger {
  return pino({ level, base: { service: 'folio' } }, pino.destination(2));
}

/** Whether Fastify's lines per request (incoming, completed, at info) are written at the logger's level. */
export function logsEveryRequest(logger: Logger): boolean {
  return logger.isLevelEnabled('info');
}

/**
 * The logger Fastify gets when no request is logged: the same logger, whose child (Fastify makes one per
 * request, bound to the request's id) is itself. So no request pays for a child logger, nor for Fastify's
 * check of a custom `childLoggerFactory`'s answer, which it runs on every request (an array and a filter
 * each time). Fastify's rare own error lines then carry no request id, as with no child.
 */
export function withoutRequestChildren(logger: Logger): Logger {
  const shared = Object.create(logger, { child: { value: () => shared } }) as Logger;
  return shared;
}

/**
 * Nest's contexts that print its wiring: the route table (a line per controller and per route) and a
 * line per module initialized. Useful when debugging routing or injection, noise on every start
 * otherwise (and Nest prints the health route under /v1, where it is not served: the start line gives
 * its real URL), so they log at debug.
 */
const WIRING_CONTEXTS = new Set(['RoutesResolver', 'RouterExplorer', 'InstanceLoader']);

/** Nest's own log lines (bootstrap, routes, errors) through the same pino logger. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string) {
    this.write(context && WIRING_CONTEXTS.has(context) ? 'debug' : 'info', message, context);
  }
  error(message: unknown, ...rest: unknown[]) {
    this.write('error', message, typeof rest[rest.length - 1] === 'string' ? (rest[rest.length - 1] as string) : undefined);
  }
  warn(message: unknown, context?: string) {
    this.write('warn', message, context);
  }
  debug(message: unknown, context?: string) {
    this.write('debug', message, context);
  }
  verbose(message: unknown, context?: string) {
    this.write('trace', message, context);
  }

  private write(level: 'info' | 'error' | 'warn' | 'debug' | 'trace', message: unknown, context?: string) {
    if (message !== null && typeof message === 'object' && !(message instanceof Error)) {
      this.logger[level]({ context, ...(message as object) });
    } else if (message instanceof Error) {
      this.logger[level]({ context, err: message }, message.message);
    } else {
      this.logger[level]({ context }, String(message));
    }
  }
}
