import { contactMessageInput } from '@12yards/api';
import { NotFound } from '@12yards/platform';
import { DeciderSpecification } from '@12yards/platform/testing';
import { contactDecider } from '../src/contact/decide';
import type { ContactEvent } from '../src/contact/events';

const at = new Date('2026-11-22T10:00:00.000Z');
const iso = at.toISOString();
const message = { name: 'Sam', email: 'sam@example.com', subject: 'Hello', message: 'A question' };
const received: ContactEvent = { type: 'ContactMessageReceived', data: { id: 'm1', ...message, at: iso } };
const given = DeciderSpecification.for(contactDecider);

describe('contact decide/evolve', () => {
  it('Given nothing, when a message is received, then ContactMessageReceived is decided', () => {
    given([])
      .when({ type: 'ReceiveMessage', id: 'm1', ...message, at })
      .then([received]);
  });

  it('Given an unread message, when it is marked read and then responded, then each change is recorded', () => {
    const { events: read } = given([received])
      .when({ type: 'ChangeContactStatus', id: 'm1', status: 'read', at })
      .then([
        {
          type: 'ContactStatusChanged',
          data: { id: 'm1', status: 'read', previousStatus: 'unread', at: iso },
        },
      ]);
    const after = given([received, ...read]);
    after.when({ type: 'ChangeContactStatus', id: 'm1', status: 'read', at }).thenNothingHappened();
    after
      .when({ type: 'ChangeContactStatus', id: 'm1', status: 'responded', at })
      .then((events) => expect(events[0]?.data).toMatchObject({ previousStatus: 'read' }));
  });

  it('Given no message, when its status is changed, then it is a 404', () => {
    given([]).when({ type: 'ChangeContactStatus', id: 'x', status: 'read', at }).thenThrows(NotFound);
  });

  it('When a field is empty or too long, then the input is rejected rather than filled in', () => {
    expect(contactMessageInput.safeParse({ ...message, subject: '   ' }).success).toBe(false);
    expect(contactMessageInput.safeParse({ ...message, name: 'x'.repeat(201) }).success).toBe(false);
    expect(contactMessageInput.safeParse({ ...message, message: 'x'.repeat(5001) }).success).toBe(false);
    expect(contactMessageInput.safeParse({ ...message, subject: 'x'.repeat(300) }).success).toBe(true);
  });
});
