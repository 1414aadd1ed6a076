import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { map, Observable } from 'rxjs';
import { JsonAnswer } from './reader-answers';

/** Whether an Accept-Encoding header admits gzip: by its own weight when named, else by `*`'s (RFC 9110 12.5.3). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  const weights = new Map<string, number>();
  for (const coding of header.split(',')) {
    const [name, ...params] = coding.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    weights.set(name.trim(), q === undefined ? 1 : Number(q.slice(2)));
  }
  const weight = weights.get('gzip') ?? weights.get('*') ?? 0;
  return weight > 0;
}

/**
 * A route answering JSON already serialized (ReaderAnswers' kept bytes) sends the bytes as they are, typed
 * as JSON, gzipped when the answer has its gzipped copy and the client accepts it: Fastify writes a Buffer
 * without serializing it again. Other answers pass untouched.
 */
@Injectable()
export class SendsJsonBytes implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      map((answer: unknown) => {
        if (!(answer instanceof JsonAnswer)) return answer;
        const http = context.switchToHttp();
        const reply = http.getResponse<FastifyReply>();
        void reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
        const gzipped = acceptsGzip(http.getRequest<FastifyRequest>().headers['accept-encoding']) ? answer.gzipped() : null;
        if (gzipped) {
          void reply.header('content-encoding', 'gzip');
          return gzipped;
        }
        return answer.json();
      }),
    );
  }
}
