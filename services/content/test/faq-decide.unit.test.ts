import { NotFound } from '@12yards/platform';
import { DeciderSpecification } from '@12yards/platform/testing';
import { faqDecider } from '../src/faq/decide';
import type { FaqEvent, FaqFields } from '../src/faq/events';

const at = new Date('2026-11-22T10:00:00.000Z');
const iso = at.toISOString();
const fields: FaqFields = { question: 'Is the app free?', answer: 'Yes.', isActive: true, sortOrder: 0 };
const created: FaqEvent = { type: 'FaqCreated', data: { id: 'f1', ...fields, at: iso } };
const given = DeciderSpecification.for(faqDecider);

describe('FAQ decide/evolve', () => {
  it('Given no FAQ, when one is created, then FaqCreated carries its fields', () => {
    given([]).when({ type: 'CreateFaq', id: 'f1', fields, at }).then([created]);
  });

  it('Given a FAQ, when it is created again with the same id, then nothing is decided', () => {
    given([created]).when({ type: 'CreateFaq', id: 'f1', fields, at }).thenNothingHappened();
  });

  it('Given a FAQ, when it is hidden and moved, then FaqUpdated carries every field', () => {
    const edit = { ...fields, isActive: false, sortOrder: 3 };
    given([created])
      .when({ type: 'UpdateFaq', id: 'f1', fields: edit, at })
      .then([{ type: 'FaqUpdated', data: { id: 'f1', ...edit, at: iso } }]);
  });

  it('Given a FAQ, when it is saved unchanged, then nothing is decided', () => {
    given([created])
      .when({ type: 'UpdateFaq', id: 'f1', fields: { ...fields }, at })
      .thenNothingHappened();
  });

  it('Given a FAQ, when it is deleted, then FaqDeleted; after that, edits and deletes are 404', () => {
    const { events, state } = given([created])
      .when({ type: 'DeleteFaq', id: 'f1', at })
      .then([{ type: 'FaqDeleted', data: { id: 'f1', at: iso } }]);
    expect(state).toEqual({ status: 'deleted' });
    const deleted = given([created, ...events]);
    deleted.when({ type: 'UpdateFaq', id: 'f1', fields, at }).thenThrows(NotFound);
    deleted.when({ type: 'DeleteFaq', id: 'f1', at }).thenThrows(NotFound);
  });

  it('Given no FAQ, when it is edited, then it is a 404', () => {
    given([]).when({ type: 'UpdateFaq', id: 'nope', fields, at }).thenThrows(NotFound);
  });

  it('Given a history, when it is folded, then the state holds the last fields', () => {
    const updated: FaqEvent = {
      type: 'FaqUpdated',
      data: { id: 'f1', ...fields, answer: 'Mostly.', at: iso },
    };
    expect(given([created, updated]).state).toEqual({
      status: 'live',
      fields: { ...fields, answer: 'Mostly.' },
    });
  });
});
