import { SetMetadata } from '@nestjs/common';

export const FOR_READERS = 'folio:for-readers';

/**
 * Marks a read a site token may make (see auth/reader.ts). Every other route answers a site token 401,
 * so a route is closed to readers unless it says otherwise; a marked route still checks what the reader
 * asks for (its site, the spaces the site shows it) and answers 404 for anything else.
 */
export const ForReaders = () => SetMetadata(FOR_READERS, true);
