import { commentProjection } from './comments/comment.projection';

export const collaborationProjections = [commentProjection];
