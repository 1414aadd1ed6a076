/**
 * Webhooks one organization may have. Each event an organization's content produces is offered to every
 * active one of them, so this bounds the dispatcher's work per event; integrators subscribe one endpoint
 * to many names, not many endpoints.
 */
export const WEBHOOKS_PER_ORGANIZATION = 20;

/** A receiver's URL, as browsers and proxies accept them. */
export const WEBHOOK_URL_MAX = 2048;
