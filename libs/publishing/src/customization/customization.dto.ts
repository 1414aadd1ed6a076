import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional } from 'class-validator';

const asBoolean = Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value));

/** The bodies are JSON-schema validated (`customization.schema.ts`); the query string is this. */
export class CustomizationQuery {
  /** Accepted as the spec lists it (deprecated there): nothing is masked here, so it changes nothing. */
  @IsOptional()
  @asBoolean
  @IsBoolean()
  unmasked?: boolean;
}
