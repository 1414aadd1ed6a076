import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsOptionalNonNull } from '@folio/platform/http/validators';
import { NewWebhook } from './webhook.commands';
import { WEBHOOK_DESCRIPTION_MAX, WEBHOOK_EVENTS_MAX } from './webhook.decider';
import { WebhookSettings } from './webhook.events';
import { WEBHOOK_URL_MAX } from './webhook-limits';

/** Longer than any name the catalogue holds: refused here, before the names are looked up. */
const EVENT_NAME_MAX = 100;

/**
 * The shapes and sizes; what they mean (a URL Folio may send to, names the catalogue knows) is the
 * handler's and the decider's to judge.
 */
class WebhookFields {
  @IsOptional()
  @IsString()
  @MaxLength(WEBHOOK_DESCRIPTION_MAX)
  description?: string | null;

  @IsOptionalNonNull()
  @IsBoolean()
  active?: boolean;
}

export class CreateWebhookBody extends WebhookFields {
  @IsString()
  @MaxLength(WEBHOOK_URL_MAX)
  url!: string;

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(WEBHOOK_EVENTS_MAX)
  @IsString({ each: true })
  @MaxLength(EVENT_NAME_MAX, { each: true })
  events!: string[];

  /** Plain data for the command: no class instance, no keys the caller did not send. */
  toInput(): NewWebhook {
    return JSON.parse(JSON.stringify(this));
  }
}

/** PATCH: the same fields, all optional, and a secret rotation. */
export class UpdateWebhookBody extends WebhookFields {
  @IsOptionalNonNull()
  @IsString()
  @MaxLength(WEBHOOK_URL_MAX)
  url?: string;

  @IsOptionalNonNull()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(WEBHOOK_EVENTS_MAX)
  @IsString({ each: true })
  @MaxLength(EVENT_NAME_MAX, { each: true })
  events?: string[];

  /** A new signing secret, answered once; the old one stops signing at once. */
  @IsOptionalNonNull()
  @IsBoolean()
  rotateSecret?: boolean;

  toChanges(): Partial<WebhookSettings> {
    const { rotateSecret: _rotate, ...changes } = JSON.parse(JSON.stringify(this)) as UpdateWebhookBody;
    return changes;
  }
}
