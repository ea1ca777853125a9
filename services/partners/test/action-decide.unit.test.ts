import { NotFound } from '@12yards/platform';
import { DeciderSpecification } from '@12yards/platform/testing';
import { partnerActionDecider } from '../src/action/decide';
import type { PartnerActionEvent } from '../src/action/events';
import { isOverdue } from '../src/action/projection';

const at = new Date('2026-11-22T10:00:00.000Z');
const iso = at.toISOString();
const created: PartnerActionEvent = {
  type: 'PartnerActionCreated',
  data: { id: 'a1', partnerId: 'p1', actionText: 'Call the chair', dueDate: '2026-11-30', at: iso },
};
const create = {
  type: 'CreateAction',
  id: 'a1',
  partnerId: 'p1',
  actionText: 'Call the chair',
  dueDate: '2026-11-30',
  at,
} as const;

const given = DeciderSpecification.for(partnerActionDecider);

describe('partner action decide/evolve', () => {
  it('Given a partner, when an action is created, then PartnerActionCreated is decided', () => {
    given([])
      .when({ ...create, partnerExists: true })
      .then([created]);
  });

  it('Given no such partner, when an action is created, then it is a 404', () => {
    given([])
      .when({ ...create, partnerExists: false })
      .thenThrows(NotFound);
  });

  it('Given an open action, when it is completed with notes, then notes are saved and it is completed at the command time', () => {
    given([created])
      .when({
        type: 'UpdateAction',
        id: 'a1',
        partnerId: 'p1',
        notes: 'Left a message',
        isCompleted: true,
        at,
      })
      .then([
        {
          type: 'PartnerActionNotesSaved',
          data: { id: 'a1', partnerId: 'p1', notes: 'Left a message', at: iso },
        },
        { type: 'PartnerActionCompleted', data: { id: 'a1', partnerId: 'p1', completedAt: iso } },
      ]);
  });

  it('Given a completed action, when it is completed again, then nothing; when reopened, then PartnerActionReopened', () => {
    const completed: PartnerActionEvent = {
      type: 'PartnerActionCompleted',
      data: { id: 'a1', partnerId: 'p1', completedAt: iso },
    };
    const action = given([created, completed]);
    action
      .when({ type: 'UpdateAction', id: 'a1', partnerId: 'p1', isCompleted: true, at })
      .thenNothingHappened();
    action
      .when({ type: 'UpdateAction', id: 'a1', partnerId: 'p1', isCompleted: false, at })
      .then([{ type: 'PartnerActionReopened', data: { id: 'a1', partnerId: 'p1', at: iso } }]);
  });

  it('Given an action of another partner, when it is updated under this partner, then it is a 404', () => {
    given([created])
      .when({ type: 'UpdateAction', id: 'a1', partnerId: 'p2', notes: 'x', at })
      .thenThrows(NotFound);
  });
});

describe('isOverdue', () => {
  const now = new Date('2026-11-22T10:00:00.000Z');
  it('When the due date is past and the action is open, then it is overdue', () => {
    expect(isOverdue({ dueDate: '2026-11-21', isCompleted: false }, now)).toBe(true);
    expect(isOverdue({ dueDate: '2026-11-22T09:59:00.000Z', isCompleted: false }, now)).toBe(true);
  });
  it('When the action is due later today, tomorrow, has no due date or is completed, then it is not overdue', () => {
    expect(isOverdue({ dueDate: '2026-11-22', isCompleted: false }, now)).toBe(false);
    expect(isOverdue({ dueDate: '2026-11-23', isCompleted: false }, now)).toBe(false);
    expect(isOverdue({ dueDate: null, isCompleted: false }, now)).toBe(false);
    expect(isOverdue({ dueDate: '2026-11-01', isCompleted: true }, now)).toBe(false);
  });
});
