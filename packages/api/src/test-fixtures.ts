/** Test data shared by this package's unit tests (not exported by the package): a valid contract's fields. */
export const contractFields = {
  partnerId: 'p1',
  companyName: 'Riverside Ltd',
  registrationNumber: '123',
  companyAddress: '1 Road',
  clientName: 'Ann',
  clientEmail: 'ann@example.com',
  clientTelephone: '0123',
  clientPosition: 'Chair',
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  lengthMonths: 12,
  platformName: '12Yards',
  setupFee: '0',
  penaltyFeePerMonth: '0',
};
