/**
 * A value sealed under a subject's key (AES-256-GCM: platform/crypto), as events and documents carry
 * personal data: base64 fields, opened only by whoever holds the subject's key while it exists.
 */
export type Sealed = { alg: 'A256GCM'; iv: string; tag: string; data: string };
