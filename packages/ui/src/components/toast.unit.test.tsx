import { act, render, screen } from '@testing-library/react';
import { Toaster } from './toaster';
import { toast } from './use-toast';
import {
  TooltipProvider,
  Tooltip,
  TooltipContent,
  TooltipTrigger,
  TOOLTIP_DELAY_MS,
  TOOLTIP_SKIP_DELAY_MS,
} from './tooltip';

describe('Toasts', () => {
  afterEach(() => jest.useRealTimers());

  it('When two toasts are raised, then only the latest is visible', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'First' });
      toast({ title: 'Second' });
    });
    expect(screen.getByText('Second')).toBeInTheDocument();
    expect(screen.queryByText('First')).not.toBeInTheDocument();
  });

  it('When a toast has been shown for 5000 ms, then it closes', () => {
    jest.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast({ title: 'Short lived' });
    });
    act(() => jest.advanceTimersByTime(4900));
    expect(screen.getByText('Short lived')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(200));
    expect(screen.queryByText('Short lived')).not.toBeInTheDocument();
  });

  it('When the toasts render, then their region is reachable with F8 and limited to 420px on md screens', () => {
    render(<Toaster />);
    const region = screen.getByRole('region', { name: /F8/ });
    expect(region.querySelector('ol')).toHaveClass('md:max-w-[420px]');
  });

  it('When a tooltip provider is used, then it opens after 700 ms and skips after 300 ms', () => {
    expect([TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS]).toEqual([700, 300]);
    render(
      <TooltipProvider>
        <Tooltip defaultOpen>
          <TooltipTrigger>Help</TooltipTrigger>
          <TooltipContent>Helpful text</TooltipContent>
        </Tooltip>
      </TooltipProvider>,
    );
    expect(screen.getAllByText('Helpful text').length).toBeGreaterThan(0);
  });
});
