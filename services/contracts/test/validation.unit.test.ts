import {
  contractInput,
  contractUpdate,
  generateContractRequest,
  templateMeta,
  templatePatch,
} from '@12yards/api';
import { contractWithoutQuotas } from './fixtures';

/** The required fields only: the revenue share and the quotas left out. */
const { revenueSharePercent: _share, ...valid } = contractWithoutQuotas('p1');
const paths = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  (r.error?.issues ?? []).map((i) => i.path.join('.'));

describe('contract validation (packages/api)', () => {
  it('When the numbers are left out, then revenue share and the quotas default to 0', () => {
    expect(contractInput.parse(valid)).toMatchObject({
      revenueSharePercent: 0,
      pollsPerMonth: 0,
      auctionsPerMonth: 0,
      articlesPerWeek: 0,
      quizPerMonth: 0,
    });
  });

  it.each([0, 50, '50'])('When revenueSharePercent is %p, then it passes', (v) => {
    expect(contractInput.safeParse({ ...valid, revenueSharePercent: v }).success).toBe(true);
  });

  it.each([51, -1, 10.5])('When revenueSharePercent is %p, then it fails on that field', (v) => {
    expect(paths(contractInput.safeParse({ ...valid, revenueSharePercent: v }))).toEqual([
      'revenueSharePercent',
    ]);
  });

  it('When lengthMonths is 0, then it fails; 1 passes', () => {
    expect(paths(contractInput.safeParse({ ...valid, lengthMonths: 0 }))).toEqual(['lengthMonths']);
    expect(contractInput.safeParse({ ...valid, lengthMonths: 1 }).success).toBe(true);
  });

  it.each(['pollsPerMonth', 'auctionsPerMonth', 'articlesPerWeek', 'quizPerMonth'])(
    'When %s is 0 it passes, -1 fails',
    (f) => {
      expect(contractInput.safeParse({ ...valid, [f]: 0 }).success).toBe(true);
      expect(paths(contractInput.safeParse({ ...valid, [f]: -1 }))).toEqual([f]);
    },
  );

  it('When the end date is before the start date, then endDate fails; the same day passes', () => {
    expect(paths(contractInput.safeParse({ ...valid, endDate: '2026-11-30' }))).toEqual(['endDate']);
    expect(contractInput.safeParse({ ...valid, endDate: valid.startDate }).success).toBe(true);
  });

  it('When the client email is not an email or a required field is blank, then each is named', () => {
    expect(
      paths(
        contractInput.safeParse({ ...valid, clientEmail: 'nope', companyName: '  ', setupFee: undefined }),
      ),
    ).toEqual(expect.arrayContaining(['clientEmail', 'companyName', 'setupFee']));
  });

  it('When a contract is updated without partnerId, then it passes; generate needs only partnerId', () => {
    const { partnerId: _p, ...rest } = valid;
    expect(contractUpdate.safeParse(rest).success).toBe(true);
    expect(generateContractRequest.parse({ partnerId: 'p1' })).toEqual({ partnerId: 'p1' });
    expect(paths(generateContractRequest.safeParse({ partnerId: 'p1', revenueSharePercent: 51 }))).toEqual([
      'revenueSharePercent',
    ]);
  });

  it('When template metadata lacks a name or a date, then both are named; an empty patch fails', () => {
    expect(paths(templateMeta.safeParse({}))).toEqual(['name', 'validFromDate']);
    expect(templatePatch.safeParse({}).success).toBe(false);
    expect(templatePatch.safeParse({ validFromDate: '2026-01-01' }).success).toBe(true);
  });
});
