import { IsIn, isURL, Length, Matches, ValidateBy } from 'class-validator';
import { mib } from '@folio/platform/object-store/content-object-store.port';
import { MAX_SPEC_BYTES } from './spec-texts';

/** The spec's OpenAPISpecSlug. */
export const SLUG_PATTERN = /^[a-zA-Z0-9]+(?:-[a-zA-Z0-9]+)*$/;
export const MAX_SLUG = 100;
const MAX_URL = 2048;

/** OpenAPISpecSource as sent: a URL to fetch (http or https), or the text itself. */
export type SourceInput = { url: string } | { text: string };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const only = (value: Record<string, unknown>, key: string) => Object.keys(value).length === 1 && Object.hasOwn(value, key);

export function isSourceInput(value: unknown): value is SourceInput {
  if (!isRecord(value)) return false;
  if (only(value, 'url')) {
    const { url } = value;
    return typeof url === 'string' && url.length <= MAX_URL && isURL(url, { protocols: ['http', 'https'], require_protocol: true, require_tld: false });
  }
  if (only(value, 'text')) {
    const { text } = value;
    return typeof text === 'string' && text.length > 0 && Buffer.byteLength(text) <= MAX_SPEC_BYTES;
  }
  return false;
}

const IsSource = () =>
  ValidateBy({
    name: 'isOpenAPISpecSource',
    validator: {
      validate: isSourceInput,
      defaultMessage: () => `source must be { url } (http or https, at most ${MAX_URL} characters) or { text } (not empty, at most ${mib(MAX_SPEC_BYTES)})`,
    },
  });

export const isSlug = (value: string) => value.length >= 1 && value.length <= MAX_SLUG && SLUG_PATTERN.test(value);

export class PutOpenAPISpecBody {
  @IsSource()
  source!: SourceInput;
}

export class CreateOpenAPISpecBody extends PutOpenAPISpecBody {
  @Length(1, MAX_SLUG)
  @Matches(SLUG_PATTERN, { message: 'slug must be letters and digits in words joined by single hyphens' })
  slug!: string;
}

export class UpdateOpenAPISpecBody {
  @IsIn(['private', 'public'], { message: 'visibility must be one of: private, public' })
  visibility!: 'private' | 'public';
}
