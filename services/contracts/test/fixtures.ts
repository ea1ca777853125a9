/** A complete contract for a partner, as the admin form sends it (tests and benchmarks share it). */
export const validContract = (partnerId: string) => ({
  partnerId,
  companyName: 'Leeds Fans Ltd',
  registrationNumber: '01234567',
  companyAddress: '1 Elland Road, Leeds LS11 0ES',
  clientName: 'Alex Smith',
  clientEmail: 'alex@example.com',
  clientTelephone: '+44 113 000 0000',
  clientPosition: 'Director',
  startDate: '2026-12-01',
  endDate: '2027-11-30',
  lengthMonths: 12,
  platformName: '12Yards',
  revenueSharePercent: 20,
  pollsPerMonth: 4,
  auctionsPerMonth: 2,
  articlesPerWeek: 3,
  quizPerMonth: 1,
  setupFee: '£1,500',
  penaltyFeePerMonth: '£250 per month',
});

/** validContract without the monthly quotas, as a form that leaves them out sends it (they default to 0). */
export const contractWithoutQuotas = (partnerId: string) => {
  const {
    pollsPerMonth: _polls,
    auctionsPerMonth: _auctions,
    articlesPerWeek: _articles,
    quizPerMonth: _quiz,
    ...rest
  } = validContract(partnerId);
  return rest;
};
