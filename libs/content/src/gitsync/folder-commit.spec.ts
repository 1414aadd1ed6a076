import { Invalid } from '@folio/platform/domain/errors';
import { assertFolderCommit, MAX_COMMIT_MESSAGE } from './folder-commit';

describe('assertFolderCommit: a commit an import names', () => {
  it.each([
    ['a SHA-1 id with a ref', { oid: 'a'.repeat(40), message: 'Docs', ref: 'refs/heads/main' }],
    ['a SHA-256 id, an empty message, no ref', { oid: '0'.repeat(64), message: '' }],
    ['a message of the most characters', { oid: 'f'.repeat(40), message: 'm'.repeat(MAX_COMMIT_MESSAGE) }],
  ])('takes %s', (_what, commit) => expect(() => assertFolderCommit(commit)).not.toThrow());

  it.each([
    ['an id of 41 digits', { oid: 'a'.repeat(41), message: '' }],
    ['an uppercase id', { oid: 'A'.repeat(40), message: '' }],
    ['a message too long', { oid: 'a'.repeat(40), message: 'm'.repeat(MAX_COMMIT_MESSAGE + 1) }],
    ['a ref with a newline', { oid: 'a'.repeat(40), message: '', ref: 'refs/heads/x\ny' }],
    ['an empty ref', { oid: 'a'.repeat(40), message: '', ref: '' }],
  ])('refuses %s (400)', (_what, commit) => expect(() => assertFolderCommit(commit)).toThrow(Invalid));
});
