import { BatchOutcome } from './batch-outcome';

describe('BatchOutcome', () => {
  it('lists each page once, in first-touched order, by where it ends', () => {
    const outcome = new BatchOutcome();
    outcome.updated('old');
    outcome.created('new', 'intro');
    outcome.updated('new');
    outcome.deleted(['gone', 'gone-child']);
    outcome.updated('old');
    expect(outcome.changes()).toEqual([
      { object: 'updated_page', page: 'old' },
      { object: 'created_page', ref: 'intro', page: 'new' },
      { object: 'deleted_page', page: 'gone' },
      { object: 'deleted_page', page: 'gone-child' },
    ]);
    expect(outcome.touched()).toEqual({ pagesCreated: ['new'], pagesUpdated: ['old'], pagesDeleted: ['gone', 'gone-child'], files: [] });
  });

  it('forgets a page created and deleted in the same batch; a deleted page restored is updated', () => {
    const outcome = new BatchOutcome();
    outcome.created('tmp');
    outcome.deleted(['kept', 'tmp']);
    outcome.restored('kept');
    outcome.restored('back');
    expect(outcome.changes()).toEqual([
      { object: 'updated_page', page: 'kept' },
      { object: 'created_page', page: 'back' },
    ]);
  });

  it('names the files added', () => {
    const outcome = new BatchOutcome();
    outcome.fileAdded({ id: 'F1', name: 'a.png', contentType: 'image/png', size: 3, object: 'h', createdAt: 't' });
    expect(outcome.touched().files).toEqual(['F1']);
    expect(outcome.insertedFiles.map((f) => f.id)).toEqual(['F1']);
  });
});
