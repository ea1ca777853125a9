import { contractForm, MONEY_MESSAGE, PHONE_MESSAGE } from './contracts';
import { contractFields } from './test-fixtures';

const contract = {
  ...contractFields,
  clientTelephone: '+44 20 7946 0000',
  startDate: '2026-12-01',
  endDate: '2027-11-30',
  revenueSharePercent: 10,
  pollsPerMonth: 0,
  auctionsPerMonth: 0,
  articlesPerWeek: 0,
  quizPerMonth: 0,
  setupFee: '£1,500',
  penaltyFeePerMonth: '£250 per month',
};

const messages = (value: object) => {
  const r = contractForm.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('the contract form (issue 27 item 4)', () => {
  it('When phone, fees and the term agree, then the contract is taken', () => {
    expect(messages(contract)).toEqual([]);
    expect(
      messages({ ...contract, clientTelephone: '020 7946 0000', setupFee: '0', penaltyFeePerMonth: '£9.50' }),
    ).toEqual([]);
  });

  it('When the phone is not a phone number, then it says what one is', () => {
    for (const clientTelephone of ['abc', '12', '+44 (0) 20 abc', '1'.repeat(21)]) {
      expect(messages({ ...contract, clientTelephone })).toEqual([`clientTelephone: ${PHONE_MESSAGE}`]);
    }
  });

  it('When a fee is not an amount, then it says so', () => {
    expect(messages({ ...contract, setupFee: 'a lot', penaltyFeePerMonth: '£' })).toEqual([
      `setupFee: ${MONEY_MESSAGE}`,
      `penaltyFeePerMonth: ${MONEY_MESSAGE}`,
    ]);
  });

  it('When 12 months span 1 Dec to 31 May, then the end date says where 12 months end', () => {
    expect(messages({ ...contract, endDate: '2027-05-31' })).toEqual([
      'endDate: 12 months from 1 Dec 2026 end on 30 Nov 2027: change the end date or the length',
    ]);
    expect(messages({ ...contract, endDate: '2027-05-31', lengthMonths: 6 })).toEqual([]);
  });
});
