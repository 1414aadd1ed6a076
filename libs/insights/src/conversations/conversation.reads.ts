import { Inject, Injectable } from '@nestjs/common';
import { SubjectCipher } from '@folio/platform/crypto/subject-cipher';
import { NotFound } from '@folio/platform/domain/errors';
import { findPage, ListQuery } from '@folio/platform/http/pagination';
import { Filter, READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { ConversationText, conversationSubject } from './conversation.events';
import { ConversationDoc, conversationDocId, INSIGHTS_CONVERSATIONS } from './conversation.projection';

export interface OpenedConversation {
  doc: ConversationDoc;
  text: ConversationText;
}

/**
 * Reads of the conversations read model, their text opened under each conversation's key. A conversation
 * whose key is destroyed (erased, its document not yet dropped, or a log replayed after the erasure) no
 * longer opens: it is as missing as one never ingested.
 */
@Injectable()
export class ConversationReads {
  constructor(
    @Inject(READ_STORE) private readonly reads: ReadStore,
    private readonly cipher: SubjectCipher,
  ) {}

  async conversation(organizationId: string, conversationId: string): Promise<OpenedConversation> {
    const doc = await this.reads.get<ConversationDoc>(INSIGHTS_CONVERSATIONS, conversationDocId(organizationId, conversationId));
    const opened = doc && (await this.open(doc));
    if (!opened) throw new NotFound('conversation');
    return opened;
  }

  /** A page of the organization's conversations, newest first (by metadata.createdAt, then id), of one source if asked. */
  async list(organizationId: string, source: string | undefined, list: ListQuery) {
    const filter: Filter = { organizationId, ...(source !== undefined ? { source } : {}) };
    const page = await findPage<ConversationDoc>(this.reads, INSIGHTS_CONVERSATIONS, { filter, sort: { field: 'createdAt', direction: 'desc' } }, list);
    const opened = await Promise.all(page.items.map((doc) => this.open(doc)));
    return { items: opened.filter((o): o is OpenedConversation => o !== null), next: page.next };
  }

  private async open(doc: ConversationDoc): Promise<OpenedConversation | null> {
    const text = await this.cipher.open<ConversationText>(conversationSubject(doc.organizationId, doc.conversationId), doc.text);
    return text === null ? null : { doc, text };
  }
}
