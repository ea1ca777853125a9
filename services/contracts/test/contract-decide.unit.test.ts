import { contractInput, type ContractFields } from '@12yards/api';
import { Conflict, Invalid, NotFound } from '@12yards/platform';
import { DeciderSpecification } from '@12yards/platform/testing';
import { contractDecider } from '../src/contract/decide';
import type { ContractEvent } from '../src/contract/events';
import { contractWithoutQuotas } from './fixtures';

const at = new Date('2026-11-22T10:00:00.000Z');
const fields: ContractFields = contractInput.parse(contractWithoutQuotas('p1'));
const { partnerId: _p, ...terms } = fields;
const created: ContractEvent = {
  type: 'ContractCreated',
  data: { contractId: 'c1', partnerId: 'p1', ...terms, templateId: null, createdAt: at.toISOString() },
};

const given = DeciderSpecification.for(contractDecider);

describe('contract decide/evolve', () => {
  it('Given a known partner, when a contract is created, then ContractCreated carries contractId, partnerId and every field', () => {
    const { events } = given([])
      .when({ type: 'CreateContract', id: 'c1', fields, partnerKnown: true, at })
      .then([created]);
    expect(events[0]!.data).toMatchObject({
      pollsPerMonth: 0,
      auctionsPerMonth: 0,
      articlesPerWeek: 0,
      quizPerMonth: 0,
      setupFee: '£1,500',
    });
  });

  it('Given an unknown partner, when a contract is created, then it is a 404 and nothing is decided', () => {
    given([])
      .when({ type: 'CreateContract', id: 'c1', fields, partnerKnown: false, at })
      .thenThrows(NotFound);
  });

  it('Given a contract, when the same id is created again, then it is a 409', () => {
    given([created])
      .when({ type: 'CreateContract', id: 'c1', fields, partnerKnown: true, at })
      .thenThrows(Conflict);
  });

  it('Given a contract, when it is updated with new terms, then ContractUpdated keeps its partner', () => {
    const { state } = given([created])
      .when({ type: 'UpdateContract', id: 'c1', fields: { ...terms, revenueSharePercent: 50 }, at })
      .then([
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
    expect(state).toEqual({
      exists: true,
      partnerId: 'p1',
      terms: { ...terms, revenueSharePercent: 50 },
      ended: false,
    });
  });

  it('Given a contract, when it is updated with the same terms, then nothing is decided', () => {
    given([created]).when({ type: 'UpdateContract', id: 'c1', fields, at }).thenNothingHappened();
  });

  it('Given a contract, when an update names another partner, then it is a 400', () => {
    given([created])
      .when({ type: 'UpdateContract', id: 'c1', fields: { ...fields, partnerId: 'p2' }, at })
      .thenThrows(Invalid);
  });

  it('Given no contract, when it is updated, then it is a 404', () => {
    given([]).when({ type: 'UpdateContract', id: 'nope', fields, at }).thenThrows(NotFound);
  });

  describe('end, reactivation and deletion', () => {
    // The contract runs 2026-12-01 .. 2027-11-30.
    const dayAfterEnd = new Date('2027-12-01T00:00:00.000Z');
    const lastDay = new Date('2027-11-30T23:59:59.999Z');
    const ended: ContractEvent = {
      type: 'ContractEnded',
      data: {
        contractId: 'c1',
        partnerId: 'p1',
        endDate: '2027-11-30',
        endedAt: dayAfterEnd.toISOString(),
      },
    };

    it('Given an active contract, when the sweep runs on its last day, then nothing is decided', () => {
      given([created]).when({ type: 'EndContract', id: 'c1', at: lastDay }).thenNothingHappened();
    });

    it('Given an active contract, when the sweep runs the day after its end date, then ContractEnded carries the partner', () => {
      const { state } = given([created])
        .when({ type: 'EndContract', id: 'c1', at: dayAfterEnd })
        .then([ended]);
      expect(state).toMatchObject({ exists: true, ended: true });
    });

    it('Given an ended contract, when the sweep runs again, then nothing is decided', () => {
      given([created, ended])
        .when({ type: 'EndContract', id: 'c1', at: new Date('2028-06-01T00:00:00Z') })
        .thenNothingHappened();
    });

    it('Given no contract or a deleted one, when the sweep runs, then nothing is decided', () => {
      const deleted: ContractEvent = {
        type: 'ContractDeleted',
        data: { contractId: 'c1', partnerId: 'p1', wasActive: true, deletedAt: at.toISOString() },
      };
      for (const history of [[], [created, deleted]]) {
        given(history).when({ type: 'EndContract', id: 'c1', at: dayAfterEnd }).thenNothingHappened();
      }
    });

    it('Given an active contract, when its end date is moved into the past, then only ContractUpdated is decided (the sweep ends it)', () => {
      const { events } = given([created])
        .when({
          type: 'UpdateContract',
          id: 'c1',
          fields: { ...terms, endDate: '2026-12-31' },
          at: dayAfterEnd,
        })
        .then((events) => expect(events.map((e) => e.type)).toEqual(['ContractUpdated']));
      given([created, ...events])
        .when({ type: 'EndContract', id: 'c1', at: dayAfterEnd })
        .then([expect.objectContaining({ type: 'ContractEnded' })]);
    });

    it('Given an ended contract, when its end date is moved to today or later, then ContractUpdated and ContractReactivated are decided', () => {
      const now = new Date('2027-12-10T09:00:00.000Z');
      const { state } = given([created, ended])
        .when({ type: 'UpdateContract', id: 'c1', fields: { ...terms, endDate: '2027-12-10' }, at: now })
        .then([
          expect.objectContaining({ type: 'ContractUpdated' }),
          {
            type: 'ContractReactivated',
            data: {
              contractId: 'c1',
              partnerId: 'p1',
              endDate: '2027-12-10',
              reactivatedAt: now.toISOString(),
            },
          },
        ]);
      expect(state).toMatchObject({ ended: false });
    });

    it('Given an ended contract, when other terms change and the end date stays past, then it stays ended', () => {
      const { state } = given([created, ended])
        .when({ type: 'UpdateContract', id: 'c1', fields: { ...terms, setupFee: '£9' }, at: dayAfterEnd })
        .then((events) => expect(events.map((e) => e.type)).toEqual(['ContractUpdated']));
      expect(state).toMatchObject({ ended: true });
    });

    it('Given a contract, when it is deleted, then ContractDeleted carries the partner; afterwards every command is refused', () => {
      const { events } = given([created])
        .when({ type: 'DeleteContract', id: 'c1', at })
        .then([
          {
            type: 'ContractDeleted',
            data: { contractId: 'c1', partnerId: 'p1', wasActive: true, deletedAt: at.toISOString() },
          },
        ]);
      const deleted = given([created, ...events]);
      deleted.when({ type: 'DeleteContract', id: 'c1', at }).thenThrows(NotFound);
      deleted.when({ type: 'UpdateContract', id: 'c1', fields: terms, at }).thenThrows(NotFound);
      deleted.when({ type: 'CreateContract', id: 'c1', fields, partnerKnown: true, at }).thenThrows(Conflict);
    });

    it('Given an ended contract, when it is deleted, then ContractDeleted says it was no longer active', () => {
      given([created, ended])
        .when({ type: 'DeleteContract', id: 'c1', at })
        .then((events) => expect(events[0]!.data).toMatchObject({ wasActive: false }));
    });

    it('Given no contract, when it is deleted, then it is a 404', () => {
      given([]).when({ type: 'DeleteContract', id: 'nope', at }).thenThrows(NotFound);
    });
  });

  describe('a generated document', () => {
    const record = (id = 'c1') =>
      ({
        type: 'RecordDocumentGenerated',
        id,
        fileName: `contract-${id}.docx`,
        templateId: 't1',
        jobId: 'job-1',
        at,
      }) as const;

    it('Given a contract, when its document is recorded, then ContractDocumentGenerated names the partner, file, template and job, and no term changes', () => {
      const contract = given([created]);
      const { state } = contract.when(record()).then([
        {
          type: 'ContractDocumentGenerated',
          data: {
            contractId: 'c1',
            partnerId: 'p1',
            fileName: 'contract-c1.docx',
            templateId: 't1',
            jobId: 'job-1',
            generatedAt: at.toISOString(),
          },
        },
      ]);
      expect(state).toEqual(contract.state);
    });

    it('Given no contract, or a deleted one, when a document is recorded, then it is a 404', () => {
      given([]).when(record('nope')).thenThrows(NotFound);
      const deleted = contractDecider.decide(
        { type: 'DeleteContract', id: 'c1', at },
        given([created]).state,
      );
      given([created, ...deleted])
        .when(record())
        .thenThrows(NotFound);
    });
  });
});
