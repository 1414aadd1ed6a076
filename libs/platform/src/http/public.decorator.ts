import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'folio:public';

/** Marks a route that needs no token: `/health`, and file downloads (their signed URL is the permission). */
export const Public = () => SetMetadata(IS_PUBLIC, true);
