import '../../test/setup';
import { render, screen } from '@testing-library/react';
import { ContractStatusBadge, localToday } from './badges';

describe('the contract badge', () => {
  test('When a contract starts next month, then it says Starts <date>, not Active', () => {
    render(<ContractStatusBadge endedAt={null} startDate="2026-12-01" today="2026-11-26" />);
    expect(screen.getByText('Starts December 1, 2026')).toBeInTheDocument();
    expect(screen.queryByText('Active')).not.toBeInTheDocument();
  });

  test('When it starts today or started before, then it is Active; once ended, Ended', () => {
    const { rerender } = render(
      <ContractStatusBadge endedAt={null} startDate="2026-11-26" today="2026-11-26" />,
    );
    expect(screen.getByText('Active')).toBeInTheDocument();
    rerender(<ContractStatusBadge endedAt={null} startDate="2025-01-01" today="2026-11-26" />);
    expect(screen.getByText('Active')).toBeInTheDocument();
    rerender(
      <ContractStatusBadge endedAt="2026-11-01T00:00:00.000Z" startDate="2025-01-01" today="2026-11-26" />,
    );
    expect(screen.getByText('Ended')).toBeInTheDocument();
  });

  test('When today is read, then it is the local calendar date', () => {
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
