import { IsObject } from 'class-validator';
import { PageDocument } from '@folio/kernel/document/document.model';

export class UpdateAgentInstructionsBody {
  /** A JSONDocument: its shape is the decider's to judge. */
  @IsObject()
  instructions!: PageDocument;
}
