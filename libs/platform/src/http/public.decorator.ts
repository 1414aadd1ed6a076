import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'folio:public';

/** Marks a route that needs no token (only `/health`). */
export const Public = () => SetMetadata(IS_PUBLIC, true);
