import { Inject, Injectable } from '@nestjs/common';
import { SubjectCipher } from '@folio/platform/crypto/subject-cipher';
import { NotFound } from '@folio/platform/domain/errors';
import { findPage, ListQuery } from '@folio/platform/http/pagination';
import { Filter, READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { conversationSubject } from '../conversations/conversation.events';
import { IssueText } from './issue.events';
import { INSIGHTS_ISSUES, IssueDoc } from './issue.projection';

export interface OpenedIssue {
  doc: IssueDoc;
  text: IssueText;
}

export interface IssueListFilters {
  cluster?: string;
  conversation?: string;
}

/**
 * Reads of the issues read model, their text opened under their conversation's key: an issue whose
 * conversation was erased (its withdrawal not yet projected) no longer opens, and is as missing as one that
 * never was.
 */
@Injectable()
export class IssueReads {
  constructor(
    @Inject(READ_STORE) private readonly reads: ReadStore,
    private readonly cipher: SubjectCipher,
  ) {}

  async issue(organizationId: string, issueId: string): Promise<OpenedIssue> {
    const doc = await this.reads.get<IssueDoc>(INSIGHTS_ISSUES, issueId);
    const opened = doc && doc.organizationId === organizationId ? await this.open(doc) : null;
    if (!opened) throw new NotFound('conversation issue');
    return opened;
  }

  /** A page of the organization's issues, newest conversation first (then id), of one cluster or conversation if asked. */
  async list(organizationId: string, filters: IssueListFilters, list: ListQuery) {
    const filter: Filter = { organizationId };
    if (filters.cluster !== undefined) filter.cluster = filters.cluster;
    if (filters.conversation !== undefined) filter.conversation = filters.conversation;
    const page = await findPage<IssueDoc>(this.reads, INSIGHTS_ISSUES, { filter, sort: { field: 'createdAt', direction: 'desc' } }, list);
    const opened = await Promise.all(page.items.map((doc) => this.open(doc)));
    return { items: opened.filter((o): o is OpenedIssue => o !== null), next: page.next };
  }

  private async open(doc: IssueDoc): Promise<OpenedIssue | null> {
    const text = await this.cipher.open<IssueText>(conversationSubject(doc.organizationId, doc.conversation), doc.text);
    return text === null ? null : { doc, text };
  }
}
