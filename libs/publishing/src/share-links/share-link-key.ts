import { base62 } from '@folio/platform/ids';

/** Base62 characters of a share key: 24 of them carry 142 bits from the CSPRNG (at least 128 are asked). */
export const SHARE_KEY_LENGTH = 24;

/** A new share link's secret key. */
export const newShareKey = (): string => base62(SHARE_KEY_LENGTH);
