import { Inject, Injectable } from '@nestjs/common';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { Clock } from '@folio/platform/clock';
import { Conflict, Invalid } from '@folio/platform/domain/errors';
import { newId } from '@folio/platform/ids';
import { READ_STORE, ReadStore } from '@folio/platform/read-store/read-store.port';
import { Siblings } from '@folio/content/ordering/siblings';
import { REVISIONS } from '@folio/content/revisions/revision.projection';
import { RevisionRecord } from '@folio/content/revisions/revision.model';
import { SpaceState, spaceDecider, StaleMain } from '@folio/content/spaces/space.decider';
import { spaceStream } from '@folio/content/spaces/space.events';
import { TranslationLanguage } from '../translation-language';

/** A space's title holds 50 characters (the spec's Space.title). */
const MAX_SPACE_TITLE = 50;
/** Times the revision is written again on a target main another write moved meanwhile. */
const MAX_ATTEMPTS = 5;

/** A space's state with content (the decider's; the caller checked it is active). */
type LiveSpace = Exclude<SpaceState, { status: 'none' }>;

/** "<source title> (<language>)", the source's title shortened (by characters, not UTF-16 units) to fit. */
export function targetTitle(sourceTitle: string, language: TranslationLanguage): string {
  const suffix = ` (${language})`;
  return Array.from(sourceTitle).slice(0, MAX_SPACE_TITLE - suffix.length).join('') + suffix;
}

/**
 * The translation's target space: made by the first run under the id the translation recorded, so a run
 * resumed after a crash finds it made; written to (its main) once per run, under the run's revision id.
 */
@Injectable()
export class TargetSpace {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly siblings: Siblings,
    private readonly clock: Clock,
    @Inject(READ_STORE) private readonly reads: ReadStore,
  ) {}

  /** The target, made when it is not there yet: in the source's organization and collection, its `language` set. */
  async ensure(targetSpaceId: string, source: LiveSpace, language: TranslationLanguage, caller: Caller): Promise<void> {
    if ((await this.aggregates.load(spaceStream(targetSpaceId), spaceDecider)).state.status !== 'none') {
      await this.assertLive(targetSpaceId);
      return;
    }
    const { organizationId, parent, settings } = source;
    try {
      await this.aggregates.handle(
        spaceStream(targetSpaceId),
        spaceDecider,
        {
          type: 'CreateSpace',
          spaceId: targetSpaceId,
          organizationId,
          parent,
          position: await this.siblings.endKey(organizationId, parent),
          settings: { title: targetTitle(settings.title, language), emoji: settings.emoji, language },
          revision: newId(),
        },
        caller,
      );
    } catch (error) {
      // Made meanwhile (the same run resumed twice at once): one made it.
      if (!(error instanceof Conflict)) throw error;
    }
  }

  /**
   * Main of the target takes `tree` as the revision `revisionId`, based on whatever main is (the target
   * mirrors the source: a run replaces what was edited there). Answers the revision that holds the
   * translation: `revisionId`, or main's own when its tree already is `tree` (nothing changed since the
   * last run), or `revisionId` written before a crash (found, not written again).
   */
  async write(targetSpaceId: string, revisionId: string, tree: string, caller: Caller): Promise<string> {
    for (let attempt = 1; ; attempt++) {
      const state = await this.assertLive(targetSpaceId);
      if (state.revision === revisionId || (await this.written(targetSpaceId, revisionId))) return revisionId;
      if (state.tree === tree) return state.revision;
      const revision: RevisionRecord = { id: revisionId, type: 'edits', parents: [state.revision], tree, createdBy: caller.userId, createdAt: this.clock.nowIso() };
      try {
        await this.aggregates.handle(spaceStream(targetSpaceId), spaceDecider, { type: 'EditMain', basedOn: state.revision, revision }, caller);
        return revisionId;
      } catch (error) {
        if (!(error instanceof StaleMain) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }

  private async written(spaceId: string, revisionId: string): Promise<boolean> {
    const revision = await this.reads.get(REVISIONS, revisionId);
    return revision !== null && revision.spaceId === spaceId;
  }

  /** A target deleted (or purged) fails the run, saying so: it is not made again behind its owner's back. */
  private async assertLive(targetSpaceId: string): Promise<LiveSpace> {
    const { state } = await this.aggregates.load(spaceStream(targetSpaceId), spaceDecider);
    if (state.status !== 'active') throw new Invalid(`the translation's space ${targetSpaceId} was deleted; restore it to run the translation`);
    return state;
  }
}
