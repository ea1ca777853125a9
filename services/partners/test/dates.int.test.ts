import request from 'supertest';
import type { Partner } from '@12yards/api';
import { startLoggedInStack, type LoggedInStack } from '@12yards/gateway/testing';
import { partnersService } from '../src/definition';
import { clubApplication } from './helpers';
import { validationFailure } from '@12yards/platform/testing';

const DATE_MESSAGE = 'Enter a valid date, or a date and time with its time zone (2026-11-22T10:00:00Z)';

// Starting the gateway and logging in (scrypt) can be slow on a shared 2-core machine.
jest.setTimeout(30_000);

// An action's due date through the gateway: only a real calendar date (or ISO date-time with a zone) in 2000-2100.
describe('partners service: action due dates', () => {
  let stack: LoggedInStack;
  let partner: Partner;

  beforeAll(async () => {
    stack = await startLoggedInStack({
      services: [partnersService],
      clock: () => new Date('2026-11-22T10:00:00.000Z'),
    });
    partner = (await request(stack.app).post('/api/partners').send(clubApplication()).expect(201))
      .body as Partner;
  });
  afterAll(async () => stack.stop());

  const addAction = (dueDate: unknown) =>
    stack.agent
      .post(`/api/admin/partners/${partner.id}/actions`)
      .set('X-CSRF-Token', stack.csrf)
      .send({ actionText: 'Call back', dueDate });

  it.each([
    ['2026-02-30', DATE_MESSAGE],
    ['1', DATE_MESSAGE],
    ['+010000-01-01', DATE_MESSAGE],
    ['1999-12-31', 'must be in the years 2000 to 2100'],
  ])('When the due date is %j, then 400 with the message', async (dueDate, message) => {
    const res = await addAction(dueDate).expect(400);
    expect(res.body.error).toMatchObject(validationFailure('dueDate', message));
  });

  it('When the due date is what the admin form sends (YYYY-MM-DD, or empty), then it is kept', async () => {
    expect((await addAction('2028-02-29').expect(201)).body.dueDate).toBe('2028-02-29');
    expect((await addAction('').expect(201)).body.dueDate).toBeNull();
  });
});
