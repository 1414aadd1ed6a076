import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { FastifyReply } from 'fastify';
import { map, Observable } from 'rxjs';

/**
 * A route answering JSON already serialized (ReaderAnswers' kept bytes) sends the bytes as they are, typed
 * as JSON: Fastify writes a Buffer without serializing it again. Other answers pass untouched.
 */
@Injectable()
export class SendsJsonBytes implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      map((answer: unknown) => {
        if (Buffer.isBuffer(answer)) void context.switchToHttp().getResponse<FastifyReply>().type('application/json; charset=utf-8');
        return answer;
      }),
    );
  }
}
