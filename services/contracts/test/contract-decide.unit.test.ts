import { contractInput, type ContractFields } from '@12yards/api';
import { fold } from '@12yards/platform';
import { contractDecider, decide } from '../src/contract/decide';
import type { ContractEvent } from '../src/contract/events';

const at = new Date('2026-11-22T10:00:00.000Z');
const fields: ContractFields = contractInput.parse({
  partnerId: 'p1',
  companyName: 'Leeds Fans Ltd',
  registrationNumber: '01234567',
  companyAddress: '1 Elland Road, Leeds',
  clientName: 'Alex Smith',
  clientEmail: 'alex@example.com',
  clientTelephone: '+44 113 000 0000',
  clientPosition: 'Director',
  startDate: '2026-12-01',
  endDate: '2027-11-30',
  lengthMonths: 12,
  platformName: '12Yards',
  revenueSharePercent: 20,
  setupFee: '£1,500',
  penaltyFeePerMonth: '£250',
});
const { partnerId: _p, ...terms } = fields;
const created: ContractEvent = {
  type: 'ContractCreated',
  data: { contractId: 'c1', partnerId: 'p1', ...terms, templateId: null, createdAt: at.toISOString() },
};

describe('contract decide/evolve', () => {
  it('Given a known partner, when a contract is created, then ContractCreated carries contractId, partnerId and every field', () => {
    const events = decide(
      { type: 'CreateContract', id: 'c1', fields, partnerKnown: true, at },
      contractDecider.initialState(),
    );
    expect(events).toEqual([created]);
    expect(events[0]!.data).toMatchObject({
      pollsPerMonth: 0,
      auctionsPerMonth: 0,
      articlesPerWeek: 0,
      quizPerMonth: 0,
      setupFee: '£1,500',
    });
  });

  it('Given an unknown partner, when a contract is created, then it is a 404 and nothing is decided', () => {
    expect(() =>
      decide(
        { type: 'CreateContract', id: 'c1', fields, partnerKnown: false, at },
        contractDecider.initialState(),
      ),
    ).toThrow(expect.objectContaining({ status: 404 }));
  });

  it('Given a contract, when the same id is created again, then it is a 409', () => {
    const state = fold(contractDecider, [created]);
    expect(() => decide({ type: 'CreateContract', id: 'c1', fields, partnerKnown: true, at }, state)).toThrow(
      expect.objectContaining({ status: 409 }),
    );
  });

  it('Given a contract, when it is updated with new terms, then ContractUpdated keeps its partner', () => {
    const state = fold(contractDecider, [created]);
    const events = decide(
      { type: 'UpdateContract', id: 'c1', fields: { ...terms, revenueSharePercent: 50 }, at },
      state,
    );
    expect(events).toEqual([
      {
        type: 'ContractUpdated',
        data: {
          contractId: 'c1',
          partnerId: 'p1',
          ...terms,
          revenueSharePercent: 50,
          updatedAt: at.toISOString(),
        },
      },
    ]);
    expect(fold(contractDecider, [created, ...events])).toEqual({
      exists: true,
      partnerId: 'p1',
      terms: { ...terms, revenueSharePercent: 50 },
    });
  });

  it('Given a contract, when it is updated with the same terms, then nothing is decided', () => {
    const state = fold(contractDecider, [created]);
    expect(decide({ type: 'UpdateContract', id: 'c1', fields, at }, state)).toEqual([]);
  });

  it('Given a contract, when an update names another partner, then it is a 400', () => {
    const state = fold(contractDecider, [created]);
    expect(() =>
      decide({ type: 'UpdateContract', id: 'c1', fields: { ...fields, partnerId: 'p2' }, at }, state),
    ).toThrow(expect.objectContaining({ status: 400 }));
  });

  it('Given no contract, when it is updated, then it is a 404', () => {
    expect(() =>
      decide({ type: 'UpdateContract', id: 'nope', fields, at }, contractDecider.initialState()),
    ).toThrow(expect.objectContaining({ status: 404 }));
  });
});
