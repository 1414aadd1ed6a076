import { requestJson as serviceRequest, ServiceAnswer, ServiceFailed, ServiceLimits } from '@folio/platform/http-client/service-request';
import { EngineFailed } from './translation-engine';

export { serviceMessage } from '@folio/platform/http-client/service-request';
export type EngineHttpLimits = ServiceLimits;
export type EngineAnswer = ServiceAnswer;

// A request carries at most BATCH_CHARACTERS of text: its answer is a few times that at most.
export const ENGINE_HTTP_LIMITS: EngineHttpLimits = { timeoutMs: 30_000, maxBytes: 4 * 1024 * 1024 };

/**
 * One JSON request to a translation service (the platform's bounded requestJson), its failure an
 * EngineFailed: a translation run ends on that (translation-run.ts) instead of retrying forever.
 */
export async function requestJson(service: string, url: string, request: Parameters<typeof serviceRequest>[2], limits: EngineHttpLimits): Promise<EngineAnswer> {
  try {
    return await serviceRequest(service, url, request, limits);
  } catch (error) {
    throw error instanceof ServiceFailed ? new EngineFailed(error.message) : error;
  }
}

/** The translations of an answer when they are `count` strings, else EngineFailed saying what came instead. */
export function translationsOf(service: string, value: unknown, count: number): string[] {
  if (Array.isArray(value) && value.length === count && value.every((text) => typeof text === 'string')) return value as string[];
  throw new EngineFailed(
    Array.isArray(value) ? `${service} answered ${value.length} translations for ${count} texts` : `${service} answered no list of translations: is it the ${service} API?`,
  );
}
