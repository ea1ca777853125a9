import { NotFound, fold } from '@12yards/platform';
import { decide, faqDecider, initialState } from '../src/faq/decide';
import type { FaqEvent, FaqFields } from '../src/faq/events';

const at = new Date('2026-11-22T10:00:00.000Z');
const iso = at.toISOString();
const fields: FaqFields = { question: 'Is the app free?', answer: 'Yes.', isActive: true, sortOrder: 0 };
const created: FaqEvent = { type: 'FaqCreated', data: { id: 'f1', ...fields, at: iso } };

describe('FAQ decide/evolve', () => {
  it('Given no FAQ, when one is created, then FaqCreated carries its fields', () => {
    expect(decide({ type: 'CreateFaq', id: 'f1', fields, at }, initialState())).toEqual([created]);
  });

  it('Given a FAQ, when it is created again with the same id, then nothing is decided', () => {
    expect(decide({ type: 'CreateFaq', id: 'f1', fields, at }, fold(faqDecider, [created]))).toEqual([]);
  });

  it('Given a FAQ, when it is hidden and moved, then FaqUpdated carries every field', () => {
    const edit = { ...fields, isActive: false, sortOrder: 3 };
    expect(decide({ type: 'UpdateFaq', id: 'f1', fields: edit, at }, fold(faqDecider, [created]))).toEqual([
      { type: 'FaqUpdated', data: { id: 'f1', ...edit, at: iso } },
    ]);
  });

  it('Given a FAQ, when it is saved unchanged, then nothing is decided', () => {
    expect(
      decide({ type: 'UpdateFaq', id: 'f1', fields: { ...fields }, at }, fold(faqDecider, [created])),
    ).toEqual([]);
  });

  it('Given a FAQ, when it is deleted, then FaqDeleted; after that, edits and deletes are 404', () => {
    const events = decide({ type: 'DeleteFaq', id: 'f1', at }, fold(faqDecider, [created]));
    expect(events).toEqual([{ type: 'FaqDeleted', data: { id: 'f1', at: iso } }]);
    const deleted = fold(faqDecider, [created, ...events]);
    expect(deleted).toEqual({ status: 'deleted' });
    expect(() => decide({ type: 'UpdateFaq', id: 'f1', fields, at }, deleted)).toThrow(NotFound);
    expect(() => decide({ type: 'DeleteFaq', id: 'f1', at }, deleted)).toThrow(NotFound);
  });

  it('Given no FAQ, when it is edited, then it is a 404', () => {
    expect(() => decide({ type: 'UpdateFaq', id: 'nope', fields, at }, initialState())).toThrow(NotFound);
  });

  it('Given a history, when it is folded, then the state holds the last fields', () => {
    const updated: FaqEvent = {
      type: 'FaqUpdated',
      data: { id: 'f1', ...fields, answer: 'Mostly.', at: iso },
    };
    expect(fold(faqDecider, [created, updated])).toEqual({
      status: 'live',
      fields: { ...fields, answer: 'Mostly.' },
    });
  });
});
