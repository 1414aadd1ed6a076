import { createHash } from 'node:crypto';

/**
 * The delivery of event `eventId` to webhook `webhookId`: 32 hex characters (128 bits of SHA-256), the same
 * every time it is derived, so a dispatcher re-running an event finds the delivery it recorded.
 */
export const deliveryId = (webhookId: string, eventId: string) => createHash('sha256').update(`${webhookId}\n${eventId}`).digest('hex').slice(0, 32);
