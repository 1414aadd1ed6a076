import { UserTokenDoc } from './user.projection';

/** A token as its holder lists it: never its secret nor the secret's hash. */
export interface ApiTokenResource {
  object: 'api-token';
  id: string;
  /** Null for a token issued without one (before labels existed, or by the CLI without `--label`). */
  label: string | null;
  createdAt: string;
  /** Null until the token is first used; then the start of a use, to the hour (TokenUsage). */
  lastUsedAt: string | null;
}

/** The answer to `POST /user/tokens`: the only time the secret is shown. */
export interface CreatedApiTokenResource extends ApiTokenResource {
  token: string;
}

export function apiTokenResource(doc: Pick<UserTokenDoc, 'id' | 'label' | 'issuedAt'>, lastUsedAt: string | null): ApiTokenResource {
  return { object: 'api-token', id: doc.id, label: doc.label ?? null, createdAt: doc.issuedAt, lastUsedAt };
}
