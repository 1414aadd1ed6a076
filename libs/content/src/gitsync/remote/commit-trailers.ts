import { GitCommit } from '@folio/platform/git/git-remote';

/**
 * The trailers Folio ends its commits with, so that a re-run after a crash between a push and its record finds
 * its own commit at the branch's head instead of pushing a second one: an export names its operation, a sync
 * push its revision.
 */
export const operationTrailer = (operationId: string) => `Folio-Operation: ${operationId}`;
export const revisionTrailer = (revisionId: string) => `Folio-Revision: ${revisionId}`;

/** A commit message ending with `trailer`, as git lays trailers out (a blank line before them). */
export const withTrailer = (message: string, trailer: string) => `${message}\n\n${trailer}\n`;

/** Whether `commit` (a branch's head, or none) is the one a message ending with `trailer` made. */
export const carriesTrailer = (commit: GitCommit | null, trailer: string) => commit !== null && commit.message.split('\n').includes(trailer);
