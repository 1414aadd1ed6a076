import { IsObject } from 'class-validator';

/** PUT's body: the schema is judged whole by the decider (the meta-schema), so it is only an object here. */
export class UpdateSiteAdaptiveSchemaBody {
  @IsObject()
  jsonSchema!: Record<string, unknown>;
}
