import { Reflector } from '@nestjs/core';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import { FastifyRequest } from 'fastify';
import { AuthenticatedRequest, AuthGuard } from './auth.guard';
import { SiteTokenVerifier } from './site-token-verifier';
import { TokenVerifier } from './token-verifier';

class Tokens extends TokenVerifier {
  async verify(token: string) {
    return token === 'good' ? 'user-1' : null;
  }
}

class NoSiteTokens extends SiteTokenVerifier {
  async verify() {
    return null;
  }
}

class Routes {
  read() {}
}

async function callerOf(guard: AuthGuard) {
  const request = { id: '', headers: { authorization: 'Bearer good' } } as unknown as AuthenticatedRequest & FastifyRequest;
  const context = new ExecutionContextHost([request, {}], Routes, Routes.prototype.read);
  await expect(guard.canActivate(context)).resolves.toBe(true);
  return { request, caller: request.caller! };
}

describe('AuthGuard', () => {
  const guard = new AuthGuard(new Reflector(), new Tokens(), new NoSiteTokens());

  it("gives the caller a correlation id made from the request's id on first read, copied by a spread", async () => {
    const { request, caller } = await callerOf(guard);
    expect(Object.keys(caller)).toEqual(['userId', 'source', 'correlationId']);
    expect(request.id).toBe('');
    const id = caller.correlationId;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(request.id).toBe(id);
    expect({ ...caller, userId: 'other' }).toEqual({ userId: 'other', source: 'api', correlationId: id });
  });

  it('shares one correlation id getter between callers, holding no request of its own', async () => {
    const [first, second] = [await callerOf(guard), await callerOf(guard)];
    const getter = (caller: object) => Object.getOwnPropertyDescriptor(caller, 'correlationId')?.get;
    expect(getter(first.caller)).toBeDefined();
    expect(getter(first.caller)).toBe(getter(second.caller));
    expect(first.caller.correlationId).not.toBe(second.caller.correlationId);
  });
});
